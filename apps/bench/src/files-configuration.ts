// The configuration the file benches apply: N resources that each write one small file under
// out/, for any provider with a file resource taking `filename` and `content`.

export interface FileProvider {
  /** The provider's type, which is also its name in required_providers. */
  readonly type: string;
  readonly version: string;
  /** The resource type, such as tsvider_file_content. */
  readonly resource: string;
}

export function filesConfiguration(provider: FileProvider, n: number): string {
  const files = Array.from(
    { length: n },
    (_, i) => `resource "${provider.resource}" "f${i}" {
  filename = "\${path.module}/out/f${i}.txt"
  content  = "file ${i}\\n"
}
`,
  ).join("\n");
  return `terraform {
  required_providers {
    ${provider.type} = { source = "tsvider/${provider.type}", version = "${provider.version}" }
  }
}

${files}`;
}
