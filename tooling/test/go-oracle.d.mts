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
