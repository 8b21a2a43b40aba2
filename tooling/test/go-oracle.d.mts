export function oraclePath(name: string): string;
export function startOracle(name: string): {
  request(message: object): Promise<Record<string, string | undefined>>;
  close(): void;
};
