// Where a walk over a value is: the diagnostic path Terraform can point at, and the same place
// written for people. The protocol cannot address an element of a set, so once a walk enters
// one the diagnostic path stays at the set while the text keeps going.
import type { AttributePath } from "../diagnostics.js";

export class ValuePath {
  static readonly root = new ValuePath([], "", false);

  private constructor(
    /** The steps a diagnostic carries: up to the first set on the way. */
    readonly steps: AttributePath,
    /** `disk.size`, `network[0].port`, `tags["a"]`, `rule[*].port` (inside a set). */
    readonly text: string,
    private readonly inSet: boolean,
  ) {}

  attribute(name: string): ValuePath {
    return this.next({ attribute: name }, this.text === "" ? name : `${this.text}.${name}`);
  }

  index(index: number): ValuePath {
    return this.next({ index }, `${this.text}[${index}]`);
  }

  key(key: string): ValuePath {
    return this.next({ key }, `${this.text}[${JSON.stringify(key)}]`);
  }

  /** An element of a set: diagnostics point at the set itself from here on. */
  element(): ValuePath {
    return new ValuePath(this.steps, `${this.text}[*]`, true);
  }

  private next(step: AttributePath[number], text: string): ValuePath {
    return new ValuePath(this.inSet ? this.steps : [...this.steps, step], text, this.inSet);
  }
}
