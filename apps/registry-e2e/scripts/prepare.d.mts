/** The oldest Node a user may run the packages on. */
export declare const NODE_FLOOR: string;
/** The command that makes what preparedOracle() and preparedFloorNode() look for. */
export declare const PREPARE_COMMAND: string;
/** The path of the goplugin oracle built for the current sources; throws naming PREPARE_COMMAND when missing. */
export declare function preparedOracle(): string;
/** The path of Node NODE_FLOOR's binary; throws naming PREPARE_COMMAND when missing. */
export declare function preparedFloorNode(): string;
