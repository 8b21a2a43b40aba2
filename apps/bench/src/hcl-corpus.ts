// A deterministic, seeded corpus of Terraform-like .tf files for the HCL benchmark (hcl.ts):
// variables, locals with for expressions, conditionals, templates with directives, heredocs,
// resources with nested blocks, splats, stdlib function calls and modules. Every reference
// resolves in the context the corpus comes with, so a correct evaluator reports no errors.
import * as cty from "@tsvider/cty";

/** A small fast PRNG (mulberry32): the same seed gives the same corpus on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Corpus {
  /** File name to contents. */
  readonly files: ReadonlyMap<string, string>;
  /** The root variables every expression may reference, as one object. */
  readonly context: { readonly type: cty.CtyType; readonly value: Record<string, cty.CtyValue> };
}

const regions = ["eu-west-1", "us-east-1", "ap-south-1"];
const envs = ["dev", "staging", "prod"];

// The context: var, local, module, each, count and a few resource roots. Numbers are
// integers so every result has one exact decimal text on both sides.
function context(): Corpus["context"] {
  const str = cty.string;
  const num = cty.number;
  const tags = cty.map(str);
  const varT = cty.object({
    region: str,
    environment: str,
    instance_count: num,
    enabled: cty.bool,
    cidr_blocks: cty.list(str),
    tags,
    zones: cty.list(str),
    ports: cty.list(num),
    users: cty.list(cty.object({ name: str, role: str, admin: cty.bool })),
    sizes: cty.map(num),
  });
  const varV: Record<string, cty.CtyValue> = {
    region: "eu-west-1",
    environment: "prod",
    instance_count: 3,
    enabled: true,
    cidr_blocks: ["10.0.0.0/16", "10.1.0.0/16", "10.2.0.0/16"],
    tags: { owner: "platform", cost_center: "1234", project: "tsvider" },
    zones: ["a", "b", "c"],
    ports: [22, 80, 443, 8080],
    users: Array.from({ length: 8 }, (_, i) => ({
      name: `user${i}`,
      role: i % 3 === 0 ? "admin" : "dev",
      admin: i % 3 === 0,
    })),
    sizes: { small: 1, medium: 2, large: 4 },
  };
  const localT = cty.object({ name_prefix: str, common_tags: tags, subnet_ids: cty.list(str) });
  const localV = {
    name_prefix: "tsv-prod",
    common_tags: { managed_by: "terraform", team: "infra" },
    subnet_ids: ["subnet-1", "subnet-2", "subnet-3"],
  };
  const instT = cty.object({ id: str, arn: str, private_ip: str });
  const instances = Array.from({ length: 4 }, (_, i) => ({
    id: `i-${i}`,
    arn: `arn:aws:ec2:${i}`,
    private_ip: `10.0.0.${i + 10}`,
  }));
  const type = cty.object({
    var: varT,
    local: localT,
    module: cty.object({ network: cty.object({ vpc_id: str, subnet_ids: cty.list(str) }) }),
    each: cty.object({ key: str, value: str }),
    count: cty.object({ index: num }),
    aws_instance: cty.object({ web: cty.list(instT) }),
    path: cty.object({ module: str }),
  });
  return {
    type,
    value: {
      var: varV,
      local: localV,
      module: { network: { vpc_id: "vpc-123", subnet_ids: ["subnet-a", "subnet-b"] } },
      each: { key: "alpha", value: "one" },
      count: { index: 2 },
      aws_instance: { web: instances },
      path: { module: "./modules/app" },
    },
  };
}

function pick<T>(rand: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)] as T;
}

// Expressions a realistic configuration holds; each one evaluates without errors.
const expressions: readonly ((rand: () => number, n: number) => string)[] = [
  (_r, n) => `"\${local.name_prefix}-app-${n}"`,
  (r) => `var.instance_count * ${1 + Math.floor(r() * 5)} + 1`,
  () => `var.environment == "prod" ? "m5.large" : "t3.micro"`,
  () => `[for z in var.zones : "\${var.region}\${z}"]`,
  () => `{ for u in var.users : u.name => upper(u.role) if u.admin }`,
  () => `merge(var.tags, local.common_tags, { Name = "\${local.name_prefix}-x" })`,
  () => `aws_instance.web[*].id`,
  () => `[for i, ip in aws_instance.web[*].private_ip : "\${i}:\${ip}"]`,
  () => `join(",", var.cidr_blocks)`,
  () => `length(var.users) > 4 && var.enabled`,
  () => `lookup(var.sizes, "medium", 1) * 2`,
  () => `format("%s-%03d", var.environment, count.index)`,
  () => `formatlist("%s=%s", keys(var.tags), values(var.tags))`,
  () => `jsonencode({ ports = var.ports, tags = var.tags })`,
  () => `flatten([var.zones, [for p in var.ports : tostring(p)]])`,
  () => `"%{ for u in var.users }\${u.name}%{ if u.admin }*%{ endif } %{ endfor }"`,
  () => `max(var.ports...)`,
  () => `element(local.subnet_ids, count.index)`,
  () => `zipmap(var.zones, slice(var.cidr_blocks, 0, 3))`,
  () => `concat(module.network.subnet_ids, local.subnet_ids)`,
  () => `distinct(sort(concat(var.zones, ["a", "d"])))`,
  () => `replace(title("\${each.key} \${each.value}"), " ", "_")`,
  () => `coalesce("", var.region)`,
  () => `[for k, v in var.sizes : v * 10 if v > 1]`,
  () => `substr(trimspace("  \${var.region}  "), 0, 2)`,
  () => `{ name = each.key, size = var.sizes["large"], ids = aws_instance.web.*.arn }`,
  () => `var.users[0].name`,
  () => `-var.instance_count + (4 % 3) * 7 - 12`,
  () => `!var.enabled || contains(var.zones, "b")`,
  () => `chunklist(var.ports, 2)`,
  () => `upper(lower("\${path.module}/files"))`,
];

function heredoc(rand: () => number): string {
  const lines = 3 + Math.floor(rand() * 6);
  const body = Array.from(
    { length: lines },
    (_, i) => `    echo "step ${i} in \${var.region}" >> /var/log/init-\${count.index}.log`,
  );
  return `<<-EOT\n    #!/bin/bash\n${body.join("\n")}\n    %{ if var.enabled }systemctl start app%{ endif }\n  EOT`;
}

function attrs(rand: () => number, n: number, indent: string): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const expr = pick(rand, expressions)(rand, i);
    out += `${indent}attr_${i} = ${expr}\n`;
  }
  return out;
}

function file(rand: () => number, index: number): string {
  let out = `# Generated file ${index}: a module-sized piece of configuration.\n\n`;
  for (let v = 0; v < 3; v++) {
    out += `variable "input_${index}_${v}" {\n  description = "Input ${v} of file ${index}"\n  default     = "${pick(rand, envs)}"\n}\n\n`;
  }
  out += `locals {\n${attrs(rand, 8, "  ")}  script = ${heredoc(rand)}\n}\n\n`;
  for (let r = 0; r < 6; r++) {
    out += `resource "aws_instance" "app_${index}_${r}" {\n`;
    out += `  ami           = "ami-\${var.region}-${r}"\n  instance_type = var.environment == "prod" ? "m5.large" : "t3.micro"\n`;
    out += `  user_data     = ${heredoc(rand)}\n`;
    out += attrs(rand, 4, "  ");
    out += `\n  root_block_device {\n    volume_size = lookup(var.sizes, "${pick(rand, ["small", "medium", "large"])}", 1) * 8\n    encrypted   = true\n  }\n`;
    for (const port of [22, 443]) {
      out += `\n  ingress {\n    from_port   = ${port}\n    to_port     = ${port}\n    cidr_blocks = [for c in var.cidr_blocks : c if c != "0.0.0.0/0"]\n  }\n`;
    }
    out += `\n  tags = merge(local.common_tags, { Name = "\${local.name_prefix}-${r}", Env = var.environment })\n}\n\n`;
  }
  out += `module "svc_${index}" {\n  source = "./modules/svc"\n  region = "${pick(rand, regions)}"\n  vpc_id = module.network.vpc_id\n${attrs(rand, 3, "  ")}}\n\n`;
  out += `output "ids_${index}" {\n  value = aws_instance.web[*].id\n}\n`;
  return out;
}

/** About `megabytes` MB of .tf files (files of about 10 kB), the same for the same seed. */
export function generateCorpus(megabytes: number, seed = 20261121): Corpus {
  const rand = prng(seed);
  const files = new Map<string, string>();
  let size = 0;
  for (let i = 0; size < megabytes * 1_000_000; i++) {
    const text = file(rand, i);
    files.set(`file_${String(i).padStart(4, "0")}.tf`, text);
    size += Buffer.byteLength(text);
  }
  return { files, context: context() };
}
