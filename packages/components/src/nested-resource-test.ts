/**
 * The test-only `tsvider_nested_resource_test` resource: nested list blocks, a dynamic attribute
 * and a computed nested attribute, every computed value planned from config.
 *
 * @packageDocumentation
 */
// A test-only resource for nested data: a list of `nested_configs` blocks (each with a value
// the provider computes), a dynamic `configuration` whose type config chooses, and a computed
// nested attribute `summary`. Every computed value follows from config, so the plan shows it
// and apply must give the same. The schema and the values of `processed_data` and `resource_id`
// follow pyvider's `nested_resource_test`; `address` and `summary` are tsvider's own.
// `protocol` is optional where pyvider requires it: every configuration pyvider accepts gives
// the same result here, and configurations written for tsvider 0.1.0 without it keep working.
import { dynamic, number, object } from "@tsvider/cty";
import { attr, block, Dynamic, defineResource, isUnknown, type State, t, validate } from "@tsvider/framework";

const schema = {
  resource_name: attr.string({
    required: true,
    validators: [validate.length({ min: 1 })],
    description: "The resource's name; not empty.",
  }),
  configuration: attr.dynamic({
    optional: true,
    description: "Any value: an object, a list, a string... processed_data echoes it with its type.",
  }),
  processed_data: attr.dynamic({
    computed: true,
    description:
      "An object: `main_config`, `configuration` as the provider received it (with its type; null when not set), and `nested_count`, the number of `nested_configs` blocks.",
  }),
  resource_id: attr.string({
    computed: true,
    description: '`"resource_"` followed by `resource_name`.',
  }),
  exists: attr.bool({ computed: true, description: "Always true." }),
  summary: attr.singleNested(
    {
      block_count: attr.int64({ computed: true, description: "How many nested_configs blocks there are." }),
      services: attr.list(t.string, { computed: true, description: "Each block's service, in order." }),
      ssl_count: attr.int64({ computed: true, description: "How many blocks have ssl_enabled." }),
    },
    { computed: true, description: "Counted from the nested_configs blocks." },
  ),
  nested_configs: block.list(
    {
      service: attr.string({
        required: true,
        validators: [validate.length({ min: 1 })],
        description: "The service's name; not empty.",
      }),
      port: attr.int64({
        required: true,
        validators: [validate.between(1, 65535)],
        description: "Its port, 1 to 65535.",
      }),
      protocol: attr.string({
        optional: true,
        validators: [validate.oneOf(["tcp", "udp", "http", "https"])],
        description: 'tcp, udp, http or https; "tcp" in address when not set.',
      }),
      ssl_enabled: attr.bool({ optional: true, description: "Whether the service uses TLS." }),
      address: attr.string({
        computed: true,
        description: '`"<protocol>://<service>:<port>"`, with `tcp` when `protocol` is not set.',
      }),
    },
    { maxItems: 16, description: "A service; up to 16, in order." },
  ),
};

type NestedState = State<typeof schema>;
/** A block as config gives it; address is the provider's to fill in. */
interface ConfiguredBlock {
  readonly service: string;
  readonly port: number | bigint;
  readonly protocol: string | null;
  readonly ssl_enabled: boolean | null;
}

/** Options of `nestedResourceTestResource`: the type name to register it under. */
export interface NestedResourceTestOptions {
  /** Defaults to `tsvider_nested_resource_test`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A test-only managed resource for nested data: up to 16 `nested_configs` blocks (each with a
 * computed `address`), a dynamic `configuration`, and computed `processed_data`, `resource_id`
 * and `summary`, all known at plan, so a test can check that apply gives what the plan showed
 * (`tsvider_nested_resource_test` unless `options.typeName` says otherwise). Nothing exists
 * outside Terraform's state. The reference provider serves it only in test mode.
 */
export function nestedResourceTestResource(options: NestedResourceTestOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_nested_resource_test",
    description: "Test-only: nested list blocks, a dynamic attribute and a computed nested attribute.",
    schema,
    modifyPlan({ plan }) {
      if (plan === null) return undefined; // destroying
      const blocks = plan.nested_configs;
      const known =
        !isUnknown(blocks) &&
        blocks.every(
          (b) =>
            !isUnknown(b) &&
            !isUnknown(b.service) &&
            !isUnknown(b.port) &&
            !isUnknown(b.protocol) &&
            !isUnknown(b.ssl_enabled),
        );
      return {
        plan: {
          ...plan,
          processed_data:
            isUnknown(plan.configuration) || isUnknown(blocks)
              ? plan.processed_data
              : processedData(plan.configuration, blocks.length),
          resource_id: isUnknown(plan.resource_name) ? plan.resource_id : resourceId(plan.resource_name),
          exists: true,
          // Checked just above, value by value: TypeScript cannot narrow through every().
          ...(known ? computedFrom(blocks as readonly ConfiguredBlock[]) : {}),
        },
      };
    },
    async create({ plan }) {
      return stateFor(plan);
    },
    async read({ state }) {
      return state;
    },
    async update({ plan }) {
      return stateFor(plan);
    },
    async delete() {},
  });
}

function stateFor(plan: {
  readonly resource_name: string;
  readonly configuration: NestedState["configuration"];
  readonly nested_configs: readonly ConfiguredBlock[];
}): NestedState {
  return {
    resource_name: plan.resource_name,
    configuration: plan.configuration,
    processed_data: processedData(plan.configuration, plan.nested_configs.length),
    resource_id: resourceId(plan.resource_name),
    exists: true,
    ...computedFrom(plan.nested_configs),
  };
}

function computedFrom(blocks: readonly ConfiguredBlock[]) {
  const nested_configs = blocks.map((b) => ({
    service: b.service,
    port: b.port,
    protocol: b.protocol,
    ssl_enabled: b.ssl_enabled,
    address: `${b.protocol ?? "tcp"}://${b.service}:${String(b.port)}`,
  }));
  return {
    nested_configs,
    summary: {
      block_count: blocks.length,
      services: blocks.map((b) => b.service),
      ssl_count: blocks.filter((b) => b.ssl_enabled === true).length,
    },
  };
}

/** pyvider's processed_data: the configuration and how many blocks there are. */
function processedData(configuration: Dynamic | null, blockCount: number): Dynamic {
  // Without a configuration main_config is a null of no particular type, as in pyvider.
  const main = configuration ?? { type: dynamic, value: null };
  return new Dynamic(object({ main_config: main.type, nested_count: number }), {
    main_config: main.value,
    nested_count: blockCount,
  });
}

function resourceId(name: string): string {
  return `resource_${name}`;
}
