// Where a walk over a value is: the framework's internal stand-in for a path, never exported.
// Every walk (config checks, validators, plan modifiers, result checks, completing returned
// objects) steps into each attribute and element it visits, but only the few places it reports
// need a path, so a step costs one small object linked to the one before, and the two forms
// of the place are written out only when asked for:
//
// - `attributePath`, the author-facing AttributePath (../attribute-path.ts) a diagnostic
//   carries. The protocol cannot address an element of a set, so once a walk enters one the
//   attribute path stays at the set, as attributePathFrom does with a cty path.
// - `text`, the same place written for people, which keeps going into sets:
//   `disk.size`, `network[0].port`, `tags["a"]`, `rule[*].port`.
import type { AttributePath, AttributePathStep } from "../attribute-path.js";

/** A step of a walk: an attribute path step, or into an element of a set. */
type WalkStep = AttributePathStep | "set element";

export class WalkPosition {
  static readonly root = new WalkPosition(undefined, undefined);

  private constructor(
    private readonly parent: WalkPosition | undefined,
    private readonly step: WalkStep | undefined,
  ) {}

  attribute(name: string): WalkPosition {
    return new WalkPosition(this, { attribute: name });
  }

  index(index: number): WalkPosition {
    return new WalkPosition(this, { index });
  }

  key(key: string): WalkPosition {
    return new WalkPosition(this, { key });
  }

  /** An element of a set: the attribute path points at the set itself from here on. */
  element(): WalkPosition {
    return new WalkPosition(this, "set element");
  }

  /** The steps a diagnostic carries: up to the first set on the way. */
  get attributePath(): AttributePath {
    const steps = this.steps();
    const end = steps.indexOf("set element");
    return (end < 0 ? steps : steps.slice(0, end)) as AttributePath;
  }

  /** `disk.size`, `network[0].port`, `tags["a"]`, `rule[*].port` (inside a set). */
  get text(): string {
    let text = "";
    for (const step of this.steps()) {
      if (step === "set element") text += "[*]";
      else if ("attribute" in step) text += text === "" ? step.attribute : `.${step.attribute}`;
      else if ("index" in step) text += `[${step.index}]`;
      else text += `[${JSON.stringify(step.key)}]`;
    }
    return text;
  }

  private steps(): WalkStep[] {
    const steps: WalkStep[] = [];
    for (let at: WalkPosition | undefined = this; at?.step !== undefined; at = at.parent) steps.push(at.step);
    return steps.reverse();
  }
}
