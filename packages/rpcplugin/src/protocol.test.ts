// Proves that proto/tfplugin5 and proto/tfplugin6 are the published plugin protocol, not
// just something close to it. Our .proto files carry our own comments, so a text diff proves
// nothing; instead buf compiles each file to descriptors, and the test compares everything
// that decides the wire format and the gRPC surface: messages (nested ones too), fields with
// number, name, label, type, type name, JSON name, oneof and proto3 `optional`, reserved
// numbers and names, enums and their values, services and their methods with request and
// response types and streaming flags. Comments and options are left out (except map_entry,
// which is how a `map<>` field shows up in a descriptor).
//
// The published files come from the Go module cache: `go mod download` fetches the pinned
// Terraform and OpenTofu releases from the module proxy on a fresh machine (a few minutes
// once) and is instant afterwards. Without Go on PATH the comparison is skipped.
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { fromBinary, isFieldSet } from "@bufbuild/protobuf";
import {
  type DescriptorProto,
  type EnumDescriptorProto,
  type FieldDescriptorProto,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldDescriptorProtoSchema,
  type FileDescriptorProto,
  FileDescriptorSetSchema,
  type ServiceDescriptorProto,
} from "@bufbuild/protobuf/wkt";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const buf = join(packageDir, "node_modules", ".bin", "buf");

// The releases whose protocol files we claim to match. Bumping one is a deliberate change:
// a newer release may carry a newer protocol minor, which our files must then follow.
const terraform = { module: "github.com/hashicorp/terraform", version: "v1.16.4" };
const opentofu = { module: "github.com/opentofu/opentofu", version: "v1.12.6" };

const haveGo = spawnSync("go", ["version"], { stdio: "ignore" }).status === 0;

// Where `go mod download` put MODULE@VERSION, downloading it first when needed. It runs in
// an empty directory so no go.mod around it applies, and with -mod=mod so a vendor or
// readonly GOFLAGS from the caller's environment cannot stop it.
async function moduleDir({ module, version }: { module: string; version: string }): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), "tsvider-protocol-"));
  try {
    const { stdout } = await run("go", ["mod", "download", "-json", `${module}@${version}`], {
      cwd,
      env: { ...process.env, GOFLAGS: "-mod=mod" },
      timeout: 15 * 60_000,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(
        `go mod download ${module}@${version} failed: ${error.stdout || error.stderr || error.message}`,
      );
    });
    const info = JSON.parse(stdout) as { Dir?: string; Error?: string };
    if (info.Error !== undefined || info.Dir === undefined) {
      throw new Error(`go mod download ${module}@${version}: ${info.Error ?? "no Dir in its answer"}`);
    }
    return info.Dir;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

// Compiles one .proto file (run from its own directory, so that directory is the import
// root, as for the published files) and returns its descriptor without source info.
async function compile(file: string): Promise<FileDescriptorProto> {
  const { stdout } = await run(
    buf,
    [
      "build",
      basename(file),
      "--exclude-imports",
      "--exclude-source-info",
      "--as-file-descriptor-set",
      "-o",
      "-",
    ],
    { cwd: dirname(file), encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  const set = fromBinary(FileDescriptorSetSchema, stdout);
  expect(set.file).toHaveLength(1);
  return set.file[0] as FileDescriptorProto;
}

// ---- The comparable shape of a descriptor: plain data, sorted where order carries no
// meaning on the wire, enum numbers spelled as names so a failure's diff is readable. ----

type Field = ReturnType<typeof normalizeField>;
type Message = {
  name: string;
  mapEntry: boolean;
  fields: Field[];
  oneofs: string[];
  messages: Message[];
  enums: ReturnType<typeof normalizeEnum>[];
  reservedRanges: [number, number][];
  reservedNames: string[];
  extensionRanges: [number, number][];
  extensions: number;
};
type File = ReturnType<typeof normalizeFile>;

const byName = <T extends { name: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const ranges = (items: readonly { start: number; end: number }[]): [number, number][] =>
  items.map((r): [number, number] => [r.start, r.end]).sort((a, b) => a[0] - b[0]);

function normalizeField(field: FieldDescriptorProto, message: DescriptorProto) {
  return {
    name: field.name,
    number: field.number,
    label: FieldDescriptorProto_Label[field.label],
    type: FieldDescriptorProto_Type[field.type],
    typeName: field.typeName,
    jsonName: field.jsonName,
    oneof: isFieldSet(field, FieldDescriptorProtoSchema.field.oneofIndex)
      ? (message.oneofDecl[field.oneofIndex]?.name ?? `#${field.oneofIndex}`)
      : null,
    proto3Optional: field.proto3Optional,
    defaultValue: field.defaultValue,
  };
}

function normalizeMessage(message: DescriptorProto): Message {
  return {
    name: message.name,
    mapEntry: message.options?.mapEntry ?? false,
    fields: [...message.field].sort((a, b) => a.number - b.number).map((f) => normalizeField(f, message)),
    oneofs: message.oneofDecl.map((o) => o.name).sort(),
    messages: byName(message.nestedType).map(normalizeMessage),
    enums: byName(message.enumType).map(normalizeEnum),
    reservedRanges: ranges(message.reservedRange),
    reservedNames: [...message.reservedName].sort(),
    extensionRanges: ranges(message.extensionRange),
    extensions: message.extension.length,
  };
}

function normalizeEnum(e: EnumDescriptorProto) {
  return {
    name: e.name,
    values: [...e.value].sort((a, b) => a.number - b.number).map((v) => ({ name: v.name, number: v.number })),
    reservedRanges: ranges(e.reservedRange),
    reservedNames: [...e.reservedName].sort(),
  };
}

function normalizeService(service: ServiceDescriptorProto) {
  return {
    name: service.name,
    methods: byName(service.method).map((m) => ({
      name: m.name,
      inputType: m.inputType,
      outputType: m.outputType,
      clientStreaming: m.clientStreaming,
      serverStreaming: m.serverStreaming,
    })),
  };
}

function normalizeFile(file: FileDescriptorProto) {
  return {
    package: file.package,
    syntax: file.syntax,
    dependencies: [...file.dependency].sort(),
    messages: byName(file.messageType).map(normalizeMessage),
    enums: byName(file.enumType).map(normalizeEnum),
    services: byName(file.service).map(normalizeService),
    extensions: file.extension.length,
  };
}

const describeProto = async (file: string): Promise<File> => normalizeFile(await compile(file));

function findMessage(file: File, path: string): Message {
  const [first, ...rest] = path.split(".");
  let message = file.messages.find((m) => m.name === first);
  for (const name of rest) message = message?.messages.find((m) => m.name === name);
  if (message === undefined) throw new Error(`no message ${path}`);
  return message;
}

function findField(file: File, path: string): Field {
  const at = path.lastIndexOf(".");
  const field = findMessage(file, path.slice(0, at)).fields.find((f) => f.name === path.slice(at + 1));
  if (field === undefined) throw new Error(`no field ${path}`);
  return field;
}

// A deep copy of FILE without the named fields ("Message.Nested.field").
function withoutFields(file: File, paths: string[]): File {
  const copy = structuredClone(file);
  for (const path of paths) {
    const at = path.lastIndexOf(".");
    const message = findMessage(copy, path.slice(0, at));
    const before = message.fields.length;
    message.fields = message.fields.filter((f) => f.name !== path.slice(at + 1));
    if (message.fields.length !== before - 1) throw new Error(`no field ${path}`);
  }
  return copy;
}

const ourProto = (name: string) => join(packageDir, "proto", name, `${name}.proto`);

// What protocol 6.11 added to 6.10.
const additionsIn611 = [
  "Schema.Block.computed",
  "ClientCapabilities.store_planned_private",
  "ClientCapabilities.computed_blocks_allowed",
  "PlanResourceChange.Request.planned_private",
];

describe.skipIf(!haveGo)("our .proto files are the published plugin protocol", () => {
  let terraformProtocol = "";
  let opentofuProtocol = "";
  let ours5: File;
  let ours6: File;

  beforeAll(async () => {
    const [tf, tofu, v5, v6] = await Promise.all([
      moduleDir(terraform),
      moduleDir(opentofu),
      describeProto(ourProto("tfplugin5")),
      describeProto(ourProto("tfplugin6")),
    ]);
    terraformProtocol = join(tf, "docs", "plugin-protocol");
    opentofuProtocol = join(tofu, "docs", "plugin-protocol");
    ours5 = v5;
    ours6 = v6;
  }, 20 * 60_000);

  it(`tfplugin6.proto is protocol 6.11, as Terraform ${terraform.version} publishes it`, async () => {
    const published = join(terraformProtocol, "tfplugin6.proto");
    expect(await readFile(published, "utf8")).toMatch(/protocol version 6\.11\b/);
    expect(ours6).toEqual(await describeProto(published));
  });

  it(`tfplugin5.proto is protocol 5.10, as Terraform ${terraform.version} publishes it`, async () => {
    const published = join(terraformProtocol, "tfplugin5.proto");
    expect(await readFile(published, "utf8")).toMatch(/protocol version 5\.10\b/);
    expect(ours5).toEqual(await describeProto(published));
  });

  it(`OpenTofu ${opentofu.version} serves the same 5.10`, async () => {
    expect(await describeProto(join(opentofuProtocol, "tfplugin5.10.proto"))).toEqual(ours5);
  });

  it(`OpenTofu ${opentofu.version}'s 6.10 is our 6.11 without the 6.11 additions`, async () => {
    const tofu = await describeProto(join(opentofuProtocol, "tfplugin6.10.proto"));
    expect(tofu).toEqual(withoutFields(ours6, additionsIn611));
  });

  // Guards the comparison itself: if the normalized form lost an aspect (oneofs, proto3
  // optional, streaming, reserved numbers, map entries), the equality checks above would
  // pass vacuously for it.
  it("the compared form carries every aspect it claims to compare", () => {
    const v6 = ours6;
    expect(findField(v6, "Schema.Attribute.nested_type")).toMatchObject({
      number: 10,
      type: "MESSAGE",
      label: "OPTIONAL",
      typeName: ".tfplugin6.Schema.Object",
    });
    expect(findField(v6, "AttributePath.Step.element_key_int")).toMatchObject({
      type: "INT64",
      oneof: "selector",
    });
    expect(findField(v6, "OpenEphemeralResource.Response.renew_at")).toMatchObject({
      proto3Optional: true,
      oneof: "_renew_at",
      typeName: ".google.protobuf.Timestamp",
    });
    expect(findField(v6, "GetStates.Response.state_id")).toMatchObject({ label: "REPEATED", type: "STRING" });
    expect(findMessage(v6, "RawState.FlatmapEntry").mapEntry).toBe(true);
    expect(findMessage(v6, "Schema.NestedBlock").enums[0]?.values.at(-1)).toEqual({
      name: "GROUP",
      number: 5,
    });
    const methods = v6.services.find((s) => s.name === "Provider")?.methods ?? [];
    expect(methods.find((m) => m.name === "WriteStateBytes")).toMatchObject({
      clientStreaming: true,
      serverStreaming: false,
      inputType: ".tfplugin6.WriteStateBytes.RequestChunk",
    });
    expect(methods.find((m) => m.name === "ListResource")).toMatchObject({
      clientStreaming: false,
      serverStreaming: true,
    });
    expect(findMessage(ours5, "GetProviderSchema.Response").reservedRanges).toEqual([[10, 11]]);
    expect(ours5.services.map((s) => s.name)).toEqual(["Provider", "Provisioner"]);
    for (const path of additionsIn611) expect(findField(v6, path)).toBeDefined();
  });
});
