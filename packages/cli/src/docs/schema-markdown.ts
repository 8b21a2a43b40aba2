// A schema as the registries show it: the "## Schema" section tfplugindocs writes (Required,
// Optional and Read-Only groups, names in alphabetical order, nested blocks and nested
// attributes each under "### Nested Schema for `path`" with an anchor the parent links to), so a
// page reads the same whichever tool made it and practitioners find what they are used to.
// Each entry then says more than tfplugindocs does: after the description, the custom type
// whose form the value has (a string the provider reads as a timestamp, an address), the default, what
// the validators require, whether a change forces a new resource (from the provider's schema
// details, see ../schema/details.ts), and what sensitive and write-only mean for the value.
import type {
  AttributeDetailsJson,
  BlockDetailsJson,
  BlockTypeDetailsJson,
  CustomTypeDetailsJson,
} from "../schema/details.js";
import type {
  AttributeJson,
  BlockJson,
  BlockTypeJson,
  IdentitySchemaJson,
  NestedTypeJson,
  TypeJson,
} from "../schema/json.js";

const WRITE_ONLY_LINK =
  "[Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)";
const WRITE_ONLY_NOTE =
  "> **NOTE**: [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments) are supported in Terraform 1.11 and later.";

/** A cty type as the Schema section names it: `String`, `List of Number`, `Object`. */
export function typeLabel(type: TypeJson | undefined): string {
  if (type === undefined) return "Dynamic";
  if (typeof type === "string") {
    switch (type) {
      case "string":
        return "String";
      case "number":
        return "Number";
      case "bool":
        return "Boolean";
      case "dynamic":
        return "Dynamic";
      default:
        throw new Error(`unknown type ${JSON.stringify(type)}`);
    }
  }
  if (Array.isArray(type)) {
    const [kind, element] = type as unknown as readonly [string, TypeJson];
    if (kind === "list") return `List of ${typeLabel(element)}`;
    if (kind === "set") return `Set of ${typeLabel(element)}`;
    if (kind === "map") return `Map of ${typeLabel(element)}`;
    if (kind === "object") return "Object";
    if (kind === "tuple") return "Tuple";
  }
  throw new Error(`unknown type ${JSON.stringify(type)}`);
}

/** A cty type as a function signature names it, cty's "friendly name": `list of string`. */
export function friendlyTypeName(type: TypeJson | undefined): string {
  if (type === undefined) return "dynamic";
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const [kind, element] = type as unknown as readonly [string, TypeJson];
    if (kind === "list" || kind === "set" || kind === "map") return `${kind} of ${friendlyTypeName(element)}`;
    if (kind === "object" || kind === "tuple") return kind;
  }
  throw new Error(`unknown type ${JSON.stringify(type)}`);
}

type Group = "required" | "optional" | "readOnly";
const GROUPS: readonly { readonly group: Group; readonly top: string; readonly nested: string }[] = [
  { group: "required", top: "### Required", nested: "Required:" },
  { group: "optional", top: "### Optional", nested: "Optional:" },
  { group: "readOnly", top: "### Read-Only", nested: "Read-Only:" },
];

/** What still has to be written below the current list, in the order its links appear. */
type Nested = { readonly path: readonly string[]; readonly anchor: string } & (
  | { readonly kind: "block"; readonly block: BlockJson; readonly details: BlockDetailsJson | undefined }
  | {
      readonly kind: "attributes";
      readonly nested: NestedTypeJson;
      readonly details: AttributeDetailsJson | undefined;
    }
  | { readonly kind: "object"; readonly type: TypeJson; readonly group: Group }
);

export interface SchemaMarkdownOptions {
  /**
   * What the provider says beyond the schema (defaults, validators, replacement), for the
   * block these options document; without it entries say what the schema alone says.
   */
  readonly details?: BlockDetailsJson;
  /**
   * The component's values are kept in state (resources and data sources), which the note on
   * a sensitive attribute then says: hiding a value from output does not keep it out of state.
   */
  readonly storedInState?: boolean;
}

/** The "## Schema" section of a resource, data source, provider, action, ... block. */
export function schemaMarkdown(block: BlockJson | undefined, options: SchemaMarkdownOptions = {}): string {
  const out: string[] = ["## Schema\n\n"];
  writeBlockChildren(out, [], block ?? {}, true, options.details, options.storedInState === true);
  // Nested sections end in blank lines of their own; one blank line between blocks is enough.
  return out
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd();
}

/** The "### Identity Schema" section of a resource with an identity. */
export function identitySchemaMarkdown(identity: IdentitySchemaJson): string {
  const attributes = identity.attributes ?? {};
  const names = Object.keys(attributes).sort();
  const out: string[] = ["### Identity Schema\n\n"];
  const required = names.filter((n) => attributes[n]?.required_for_import === true);
  const optional = names.filter((n) => attributes[n]?.required_for_import !== true);
  for (const [title, list] of [
    ["#### Required", required],
    ["#### Optional", optional],
  ] as const) {
    if (list.length === 0) continue;
    out.push(`${title}\n\n`);
    for (const name of list) {
      const attribute = attributes[name]!;
      out.push(`- \`${name}\` (${typeLabel(attribute.type)})${describe(attribute.description)}\n`);
    }
    out.push("\n");
  }
  return out.join("").trimEnd();
}

function describe(description: string | undefined): string {
  const text = description?.trim() ?? "";
  return text === "" ? "" : ` ${text}`;
}

function attributeGroup(attribute: AttributeJson): Group | undefined {
  if (attribute.required === true) return "required";
  if (attribute.optional === true) return "optional";
  if (attribute.computed === true) return "readOnly";
  return undefined;
}

function blockIsReadOnly(blockType: BlockTypeJson): boolean {
  if ((blockType.min_items ?? 0) !== 0 || (blockType.max_items ?? 0) !== 0) return false;
  const block = blockType.block ?? {};
  return (
    Object.values(block.block_types ?? {}).every(blockIsReadOnly) &&
    Object.values(block.attributes ?? {}).every((a) => attributeGroup(a) === "readOnly")
  );
}

// A block is optional when it has something to set; a block of computed leaves only is read-only.
function blockIsOptional(blockType: BlockTypeJson): boolean {
  if ((blockType.min_items ?? 0) > 0) return false;
  const block = blockType.block ?? {};
  const blocks = Object.values(block.block_types ?? {});
  const attributes = Object.values(block.attributes ?? {});
  if (blocks.length === 0 && attributes.length === 0) return true;
  return (
    blocks.some((b) => (b.min_items ?? 0) > 0 || blockIsOptional(b)) ||
    attributes.some((a) => a.required === true || a.optional === true)
  );
}

function blockGroup(blockType: BlockTypeJson): Group | undefined {
  if ((blockType.min_items ?? 0) > 0) return "required";
  if (blockIsOptional(blockType)) return "optional";
  if (blockIsReadOnly(blockType)) return "readOnly";
  return undefined;
}

function containsWriteOnly(block: BlockJson): boolean {
  return (
    Object.values(block.attributes ?? {}).some((a) => a.write_only === true) ||
    Object.values(block.block_types ?? {}).some((b) => containsWriteOnly(b.block ?? {}))
  );
}

function writeBlockChildren(
  out: string[],
  parents: readonly string[],
  block: BlockJson,
  root: boolean,
  details: BlockDetailsJson | undefined,
  stored: boolean,
): void {
  const attributes: Record<string, AttributeJson> = { ...block.attributes };
  const blocks = block.block_types ?? {};
  // As tfplugindocs does: an undescribed top-level `id` is the resource's read-only ID.
  const id = attributes.id;
  const idIsImplicit = root && id !== undefined && !id.description;
  if (idIsImplicit) attributes.id = { ...id, description: "The ID of this resource." };
  const groups = new Map<Group, string[]>();
  for (const name of [...Object.keys(attributes), ...Object.keys(blocks)].sort()) {
    const blockType = blocks[name];
    const group =
      blockType !== undefined
        ? blockGroup(blockType)
        : idIsImplicit && name === "id"
          ? "readOnly"
          : attributeGroup(attributes[name]!);
    if (group === undefined) {
      throw new Error(
        `${[...parents, name].join(".")} is neither required, optional nor computed (a block whose attributes are all computed must be computed itself)`,
      );
    }
    groups.set(group, [...(groups.get(group) ?? []), name]);
  }
  const nested: Nested[] = [];
  for (const { group, top, nested: title } of GROUPS) {
    const names = groups.get(group);
    if (names === undefined) continue;
    out.push(`${root ? top : title}\n\n`);
    const writeOnlyHere = names.some((n) =>
      blocks[n] !== undefined ? containsWriteOnly(blocks[n].block ?? {}) : attributes[n]?.write_only === true,
    );
    if (writeOnlyHere) out.push(`${WRITE_ONLY_NOTE}\n\n`);
    for (const name of names) {
      const path = [...parents, name];
      const blockType = blocks[name];
      if (blockType !== undefined) {
        const blockDetails = details?.block_types?.[name];
        writeBlockType(out, path, blockType, blockDetails);
        nested.push({
          kind: "block",
          path,
          anchor: `nestedblock--${path.join("--")}`,
          block: blockType.block ?? {},
          details: blockDetails,
        });
      } else {
        const more = writeAttribute(out, path, attributes[name]!, group, details?.attributes?.[name], stored);
        if (more !== undefined) nested.push(more);
      }
    }
    out.push("\n");
  }
  writeNested(out, nested, stored);
}

/** Text as a sentence: a capital first letter and a final stop ("must start with ami-" too). */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Inline code that holds backticks too. */
function code(text: string): string {
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/**
 * What a custom type accepts, as the attribute's own value (`within` undefined) or as each
 * element of its collection: the type's description, or its name when it has none.
 */
function customTypeNote(type: CustomTypeDetailsJson, within: "element" | "value" | undefined): string {
  const description = type.description?.trim() ?? "";
  if (description === "") {
    return within === undefined ? `Format: ${type.name}.` : `Format of each ${within}: ${type.name}.`;
  }
  if (within === undefined) return sentence(description);
  // "An IP address ..." reads "Each element is an IP address ..."; "JSON text" and "IPv4" keep
  // their capitals, which a second capital letter tells apart.
  const lowered = /^[A-Z][^A-Z]/.test(description)
    ? description.charAt(0).toLowerCase() + description.slice(1)
    : description;
  return sentence(`Each ${within} is ${lowered}`);
}

/** The sentences an attribute's entry adds after its description. */
function attributeNotes(
  attribute: AttributeJson,
  details: AttributeDetailsJson | undefined,
  stored: boolean,
): string[] {
  const notes: string[] = [];
  if (details?.custom_type !== undefined) notes.push(customTypeNote(details.custom_type, undefined));
  if (details?.element_custom_type !== undefined) {
    const kind = Array.isArray(attribute.type) && attribute.type[0] === "map" ? "value" : "element";
    notes.push(customTypeNote(details.element_custom_type, kind));
  }
  if (details?.default !== undefined) notes.push(`Defaults to ${code(details.default)}.`);
  for (const validator of details?.validators ?? []) notes.push(sentence(validator));
  if (details?.requires_replace === true) notes.push("Changing this forces a new resource.");
  for (const when of details?.requires_replace_if ?? []) notes.push(sentence(when));
  if (attribute.write_only === true) {
    notes.push(
      "Write-only: the provider receives it from the configuration, but it is never stored in the plan or the state.",
    );
  }
  // A write-only value is in no plan, state or output at all: its note says more than this one.
  if (attribute.sensitive === true && attribute.write_only !== true) {
    notes.push(
      stored
        ? "Sensitive: hidden in plan and apply output, but stored in the state."
        : "Sensitive: hidden in plan and apply output.",
    );
  }
  return notes;
}

/** The description, then the notes, as one text after the entry's label. */
function describeWith(description: string | undefined, notes: readonly string[]): string {
  let text = description?.trim() ?? "";
  if (notes.length === 0) return text === "" ? "" : ` ${text}`;
  // A description without a final stop would run into the first note.
  if (text !== "" && !/[.!?:]$/.test(text)) text += ".";
  return ` ${[text, ...notes].filter((t) => t !== "").join(" ")}`;
}

function markers(attribute: AttributeJson): string {
  let text = "";
  if (attribute.sensitive === true) text += ", Sensitive";
  if (attribute.deprecated === true) text += ", Deprecated";
  if (attribute.write_only === true) text += `, ${WRITE_ONLY_LINK}`;
  return text;
}

function nestingLabel(mode: string | undefined): string {
  switch (mode) {
    case "list":
      return " List";
    case "set":
      return " Set";
    case "map":
      return " Map";
    default:
      return "";
  }
}

function link(anchor: string): string {
  return ` (see [below for nested schema](#${anchor}))`;
}

function isObjectType(type: TypeJson | undefined): boolean {
  return Array.isArray(type) && type[0] === "object";
}

/** The object type of an object, or of a collection's element when that is one. */
function objectWithin(type: TypeJson | undefined): TypeJson | undefined {
  if (isObjectType(type)) return type;
  if (Array.isArray(type) && (type[0] === "list" || type[0] === "set" || type[0] === "map")) {
    const element = type[1] as TypeJson;
    if (isObjectType(element)) return element;
  }
  return undefined;
}

function writeAttribute(
  out: string[],
  path: readonly string[],
  attribute: AttributeJson,
  group: Group,
  details: AttributeDetailsJson | undefined,
  stored: boolean,
): Nested | undefined {
  const name = path[path.length - 1]!;
  const anchor = `nestedatt--${path.join("--")}`;
  const text = describeWith(attribute.description, attributeNotes(attribute, details, stored));
  if (attribute.nested_type !== undefined) {
    const nested = attribute.nested_type;
    const counts = nested as NestedTypeJson & { readonly min_items?: number; readonly max_items?: number };
    let label = `Attributes${nestingLabel(nested.nesting_mode)}`;
    if (nested.nesting_mode !== "single" && (counts.min_items ?? 0) > 0)
      label += `, Min: ${counts.min_items}`;
    if ((counts.max_items ?? 0) > 0) label += `, Max: ${counts.max_items}`;
    out.push(`- \`${name}\` (${label}${markers(attribute)})${text}${link(anchor)}\n`);
    return { kind: "attributes", path, anchor, nested, details };
  }
  out.push(`- \`${name}\` (${typeLabel(attribute.type)}${markers(attribute)})${text}`);
  const object = objectWithin(attribute.type);
  out.push(object === undefined ? "\n" : `${link(anchor)}\n`);
  return object === undefined ? undefined : { kind: "object", path, anchor, type: object, group };
}

function writeBlockType(
  out: string[],
  path: readonly string[],
  blockType: BlockTypeJson,
  details: BlockTypeDetailsJson | undefined,
): void {
  const name = path[path.length - 1]!;
  let label = `Block${nestingLabel(blockType.nesting_mode)}`;
  if (blockType.nesting_mode === "single" || blockType.nesting_mode === "group") {
    const group = blockGroup(blockType);
    label += group === "required" ? ", Required" : group === "optional" ? ", Optional" : ", Read-only";
  } else if ((blockType.min_items ?? 0) > 0) {
    label += `, Min: ${blockType.min_items}`;
  }
  if ((blockType.max_items ?? 0) > 0) label += `, Max: ${blockType.max_items}`;
  if (blockType.block?.deprecated === true) label += ", Deprecated";
  const text = describeWith(blockType.block?.description, (details?.validators ?? []).map(sentence));
  out.push(`- \`${name}\` (${label})${text}${link(`nestedblock--${path.join("--")}`)}\n`);
}

function writeNested(out: string[], nested: readonly Nested[], stored: boolean): void {
  for (const item of nested) {
    out.push(`<a id="${item.anchor}"></a>\n### Nested Schema for \`${item.path.join(".")}\`\n\n`);
    if (item.kind === "block") writeBlockChildren(out, item.path, item.block, false, item.details, stored);
    else if (item.kind === "attributes")
      writeNestedAttributes(out, item.path, item.nested, item.details, stored);
    else writeObject(out, item.path, item.type, item.group);
    out.push("\n");
  }
}

function writeNestedAttributes(
  out: string[],
  parents: readonly string[],
  nested: NestedTypeJson,
  details: AttributeDetailsJson | undefined,
  stored: boolean,
): void {
  const attributes = nested.attributes ?? {};
  const names = Object.keys(attributes).sort();
  const more: Nested[] = [];
  for (const { group, nested: title } of GROUPS) {
    const inGroup = names.filter((n) => attributeGroup(attributes[n]!) === group);
    if (inGroup.length === 0) continue;
    out.push(`${title}\n\n`);
    for (const name of inGroup) {
      const item = writeAttribute(
        out,
        [...parents, name],
        attributes[name]!,
        group,
        details?.attributes?.[name],
        stored,
      );
      if (item !== undefined) more.push(item);
    }
    out.push("\n");
  }
  writeNested(out, more, stored);
}

function writeObject(out: string[], parents: readonly string[], type: TypeJson, group: Group): void {
  const title = GROUPS.find((g) => g.group === group)!.nested;
  out.push(`${title}\n\n`);
  const attributeTypes = (Array.isArray(type) ? type[1] : {}) as Readonly<Record<string, TypeJson>>;
  const more: Nested[] = [];
  for (const name of Object.keys(attributeTypes).sort()) {
    const path = [...parents, name];
    const attributeType = attributeTypes[name]!;
    const anchor = `nestedobjatt--${path.join("--")}`;
    const object = objectWithin(attributeType);
    out.push(`- \`${name}\` (${typeLabel(attributeType)})${object === undefined ? "" : link(anchor)}\n`);
    if (object !== undefined) more.push({ kind: "object", path, anchor, type: object, group });
  }
  out.push("\n");
  writeNested(out, more, false);
}
