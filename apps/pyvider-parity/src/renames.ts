// The rename table (renames.json) and the renamer that turns a configuration written for one
// provider into the same configuration for the other. It rewrites tokens (tokens.ts), never
// text: a type is renamed where it is a block label or the root of a reference, an attribute
// where it is set in that component's block or read through a reference to it, a function in a
// `provider::<name>::<function>` call; strings, comments and everything else stay as written.
import { readFileSync } from "node:fs";
import { lineColumn, type Token, tokenize } from "./tokens.js";

export type Side = "pyvider" | "tsvider";

export interface ProviderNaming {
  /** The provider's local name and the prefix of its component types (`pyvider_file_info`). */
  readonly name: string;
  readonly source: string;
  readonly version: string;
}

export interface RenameTable {
  readonly provider: Readonly<Record<Side, ProviderNaming>>;
  /** pyvider type → tsvider type, where the two differ by more than the prefix. */
  readonly types: Readonly<Record<string, string>>;
  /** pyvider function → tsvider function, where the names differ. */
  readonly functions: Readonly<Record<string, string>>;
  /** tsvider type (or "provider") → pyvider attribute → tsvider attribute. */
  readonly attributes: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const TABLE_FILE = new URL("../renames.json", import.meta.url);

export function loadRenameTable(file: URL | string = TABLE_FILE): RenameTable {
  const where = typeof file === "string" ? file : file.pathname;
  const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<RenameTable>;
  for (const key of ["provider", "types", "functions", "attributes"] as const)
    if (typeof raw[key] !== "object" || raw[key] === null)
      throw new Error(`${where}: "${key}" is missing or not an object; see apps/pyvider-parity/README.md`);
  return raw as RenameTable;
}

const BLOCKS_WITH_TYPE = new Set(["resource", "data", "ephemeral", "list", "action", "state_store"]);
const REFERENCE_MODES = new Set(["data", "ephemeral", "action", "list"]);

/** Renames of one direction, from `from`'s names to `to`'s. */
export class Renamer {
  readonly from: ProviderNaming;
  readonly to: ProviderNaming;
  readonly #types = new Map<string, string>();
  readonly #functions = new Map<string, string>();
  /** Keyed by the target side's type; attribute → attribute. */
  readonly #attributes = new Map<string, Map<string, string>>();

  constructor(
    readonly table: RenameTable,
    readonly direction: { readonly from: Side; readonly to: Side },
  ) {
    this.from = table.provider[direction.from];
    this.to = table.provider[direction.to];
    const toTsvider = direction.to === "tsvider";
    for (const [py, ts] of Object.entries(table.types))
      this.#types.set(toTsvider ? py : ts, toTsvider ? ts : py);
    for (const [py, ts] of Object.entries(table.functions))
      this.#functions.set(toTsvider ? py : ts, toTsvider ? ts : py);
    for (const [tsType, renames] of Object.entries(table.attributes)) {
      const key = toTsvider ? tsType : this.#reverseType(tsType);
      const map = new Map<string, string>();
      for (const [py, ts] of Object.entries(renames)) map.set(toTsvider ? py : ts, toTsvider ? ts : py);
      this.#attributes.set(key, map);
    }
  }

  #reverseType(tsType: string): string {
    if (tsType === "provider") return tsType;
    for (const [py, ts] of Object.entries(this.table.types)) if (ts === tsType) return py;
    const tsName = this.table.provider.tsvider.name;
    const pyName = this.table.provider.pyvider.name;
    return tsType.startsWith(`${tsName}_`) ? `${pyName}_${tsType.slice(tsName.length + 1)}` : tsType;
  }

  /** The renamer of the opposite direction. */
  inverse(): Renamer {
    return new Renamer(this.table, { from: this.direction.to, to: this.direction.from });
  }

  /** The other side's name of a component type, or undefined when `type` is not one of ours. */
  type(type: string): string | undefined {
    const explicit = this.#types.get(type);
    if (explicit !== undefined) return explicit;
    const prefix = `${this.from.name}_`;
    return type.startsWith(prefix) ? `${this.to.name}_${type.slice(prefix.length)}` : undefined;
  }

  function(name: string): string {
    return this.#functions.get(name) ?? name;
  }

  /** The other side's name of `attribute` of the component `targetType` (named on the target side). */
  attribute(targetType: string, attribute: string): string {
    return this.#attributes.get(targetType)?.get(attribute) ?? attribute;
  }

  /** A resource address (`module.x.data.pyvider_file_info.y`) with its type renamed. */
  address(address: string): string {
    return address
      .split(".")
      .map((part) => this.type(part) ?? part)
      .join(".");
  }

  /** `source` (a configuration for the `from` side) rewritten for the `to` side. */
  rename(
    source: string,
    file: string,
    seen?: (kind: "type" | "function", from: string, to: string) => void,
  ): string {
    const tokens = tokenize(source, file);
    const edits: { start: number; end: number; text: string }[] = [];
    const replace = (token: Token, text: string) => {
      if (text === token.text) return;
      edits.push({
        start: token.start,
        end: token.end,
        text: token.kind === "string" ? JSON.stringify(text) : text,
      });
    };
    const at = (i: number) => tokens[i];
    const is = (i: number, kind: Token["kind"], text?: string) =>
      at(i)?.kind === kind && (text === undefined || at(i)?.text === text);

    // Renames a reference starting at `i` when it names a component (or the provider, or a
    // provider function); returns the index after what it consumed.
    const reference = (i: number): number => {
      const first = at(i);
      if (first?.kind !== "ident" || is(i - 1, "punct", ".")) return i + 1;
      if (first.text === "provider" && is(i + 1, "punct", "::") && is(i + 3, "punct", "::")) {
        const name = at(i + 2) as Token;
        const fn = at(i + 4) as Token;
        if (name.text === this.from.name && fn.kind === "ident") {
          replace(name, this.to.name);
          replace(fn, this.function(fn.text));
          seen?.("function", fn.text, this.function(fn.text));
        }
        return i + 5;
      }
      let typeIndex = i;
      if (REFERENCE_MODES.has(first.text) && is(i + 1, "punct", ".")) typeIndex = i + 2;
      const typeToken = at(typeIndex);
      if (typeToken?.kind !== "ident") return i + 1;
      if (typeIndex === i && typeToken.text === this.from.name && is(i + 1, "punct", ".")) {
        replace(typeToken, this.to.name); // a provider reference: `provider = pyvider.test`
        return i + 3;
      }
      if (
        typeIndex === i &&
        typeToken.text === this.from.name &&
        is(i - 1, "punct", "=") &&
        at(i - 2)?.text === "provider"
      ) {
        replace(typeToken, this.to.name); // the default configuration: `provider = pyvider` (list blocks)
        return i + 1;
      }
      const target = this.type(typeToken.text);
      if (target === undefined || !is(typeIndex + 1, "punct", ".")) return typeIndex + 1;
      replace(typeToken, target);
      seen?.("type", typeToken.text, target);
      let j = typeIndex + 3; // after `type . name`
      if (is(j, "punct", "[")) {
        let depth = 0;
        do {
          if (is(j, "punct", "[")) depth++;
          else if (is(j, "punct", "]")) depth--;
          j++;
        } while (depth > 0 && j < tokens.length);
      }
      if (is(j, "punct", ".") && is(j + 1, "ident")) {
        const attr = at(j + 1) as Token;
        replace(attr, this.attribute(target, attr.text));
        return j + 2;
      }
      return j;
    };

    // An expression up to the end of its line at bracket depth zero.
    const expression = (i: number, onString?: (token: Token) => void): number => {
      let depth = 0;
      while (i < tokens.length) {
        const token = at(i) as Token;
        if (depth === 0 && (token.kind === "newline" || (token.kind === "punct" && token.text === "}")))
          return i;
        if (token.kind === "punct" && "([{".includes(token.text)) depth++;
        else if (token.kind === "punct" && ")]}".includes(token.text)) depth--;
        if (token.kind === "string") onString?.(token);
        i = token.kind === "ident" ? reference(i) : i + 1;
      }
      return i;
    };

    interface Context {
      /** The component whose attributes this body sets, named on the target side. */
      readonly component: string | undefined;
      readonly requiredProviders: boolean;
    }

    const body = (i: number, context: Context, nested: boolean): number => {
      while (i < tokens.length) {
        const token = at(i) as Token;
        if (token.kind === "newline") {
          i++;
          continue;
        }
        if (nested && token.kind === "punct" && token.text === "}") return i + 1;
        let j = i;
        while (is(j, "ident") || is(j, "string")) j++;
        const header = tokens.slice(i, j);
        const name = header[0];
        if (name?.kind === "ident" && header.length === 1 && is(j, "punct", "=")) {
          if (context.requiredProviders && name.text === this.from.name) {
            replace(name, this.to.name);
            i = expression(j + 1, (literal) => {
              if (literal.text === this.from.source) replace(literal, this.to.source);
              else if (literal.text === this.from.version) replace(literal, this.to.version);
            });
          } else {
            if (context.component !== undefined) replace(name, this.attribute(context.component, name.text));
            i = expression(j + 1);
          }
          continue;
        }
        if (name?.kind === "ident" && is(j, "punct", "{")) {
          let child: Context = { component: context.component, requiredProviders: false };
          const typeLabel = header[1];
          if (BLOCKS_WITH_TYPE.has(name.text) && typeLabel?.kind === "string") {
            const target = this.type(typeLabel.text);
            if (target !== undefined) {
              replace(typeLabel, target);
              seen?.("type", typeLabel.text, target);
            }
            child = { component: target, requiredProviders: false };
          } else if (name.text === "provider" && typeLabel?.kind === "string") {
            const own = typeLabel.text === this.from.name;
            if (own) replace(typeLabel, this.to.name);
            child = { component: own ? "provider" : undefined, requiredProviders: false };
          } else if (name.text === "required_providers") {
            child = { component: undefined, requiredProviders: true };
          } else if (name.text === "terraform" || name.text === "module" || name.text === "variable") {
            child = { component: undefined, requiredProviders: false };
          }
          i = body(j + 1, child, true);
          continue;
        }
        throw new Error(
          `${file}:${lineColumn(source, token.start)}: expected an attribute or a block, found "${token.text}"; the renamer reads only Terraform's native syntax`,
        );
      }
      return i;
    };

    body(0, { component: undefined, requiredProviders: false }, false);
    edits.sort((a, b) => b.start - a.start);
    let out = source;
    for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    return out;
  }
}
