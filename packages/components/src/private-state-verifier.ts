/**
 * The test-only `tsvider_private_state_verifier` resource: proves that private state makes the
 * round trip through Terraform intact.
 *
 * @packageDocumentation
 */
// A test-only resource that proves private state makes the round trip through Terraform: create
// keeps a secret derived from `input_value` in the object's private state (sealed, never shown),
// and every read takes `decrypted_token` from what comes back, failing when nothing does (the
// framework refuses missing private data itself; this catches sealed data that holds none). A
// plan after apply that shows no change is the proof: the secret went out and came back intact.
// The schema and the secret's form follow pyvider's `private_state_verifier`.
import { attr, defineResource, privateState, ResourceError } from "@tsvider/framework";

const schema = {
  input_value: attr.string({
    required: true,
    requiresReplace: true,
    description: "What the secret is made from. Changing it replaces the resource.",
  }),
  decrypted_token: attr.string({
    computed: true,
    description: 'The secret as read back from private state: "SECRET_FOR_" and input_value in upper case.',
  }),
};

/** The secret a verifier keeps for `input`. */
export function verifierSecret(input: string): string {
  return `SECRET_FOR_${input.toUpperCase()}`;
}

/** Options of `privateStateVerifierResource`: the type name to register it under. */
export interface PrivateStateVerifierOptions {
  /** Defaults to `tsvider_private_state_verifier`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A test-only resource that proves private state makes the round trip through Terraform
 * (`tsvider_private_state_verifier` unless `options.typeName` says otherwise).
 */
export function privateStateVerifierResource(options: PrivateStateVerifierOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_private_state_verifier",
    description: "Test-only: proves private state round-trips through Terraform.",
    schema,
    privateState: privateState<{ secret_token: string }>(),
    async create({ plan, setPrivate }) {
      const secret = verifierSecret(plan.input_value);
      setPrivate({ secret_token: secret });
      return { ...plan, decrypted_token: secret };
    },
    async read({ state, private: stored }) {
      if (stored === null) {
        throw new ResourceError("The private state did not come back", {
          path: [{ attribute: "decrypted_token" }],
          detail: `Terraform sent no private state for this ${JSON.stringify(state.input_value)} verifier; it keeps what the provider stores beside each object, so this is a bug in the host or the framework.`,
        });
      }
      return { ...state, decrypted_token: stored.secret_token };
    },
    async delete() {},
  });
}
