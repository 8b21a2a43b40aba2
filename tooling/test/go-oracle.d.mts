export function oraclePath(name: string): string;

/** An oracle's reply: string fields, plus a few structured ones some ops use. */
export interface OracleReply {
  readonly [field: string]: unknown;
  readonly error?: string;
  readonly hex?: string;
  readonly json?: string;
  readonly name?: string;
  readonly constraintName?: string;
  readonly resultType?: string;
  readonly types?: readonly string[];
  readonly argIndex?: number;
}

export function startOracle(name: string): {
  request(message: object): Promise<OracleReply>;
  close(): void;
};

/**
 * The oracle for the tests of one file (or of the describe block it is called in), started
 * before they run and closed after; the handle can be taken at once.
 */
export function useOracle(name: string): ReturnType<typeof startOracle>;
