// Provider functions on the wire, for both protocols: their declarations (GetProviderSchema's
// and GetFunctions' `functions`), GetFunctions and CallFunction. CallFunction answers with a
// FunctionError instead of diagnostics: the text and the argument it blames.
import type { ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import { type CtyValue, CtyValueError, formatPath, typeToJSONText } from "@tsvider/cty";
import { Diagnostics } from "../diagnostics.js";
import {
  FunctionError,
  type FunctionParameter,
  parameterAt,
  runExceptionOf,
  runProviderFunction,
} from "../function.js";
import { observeRpc, type Rpc } from "../internal/instrument-rpcs.js";
import { providerLog } from "../internal/log.js";
import type { ProviderServer } from "../server/provider-server.js";
import { hiddenTestOnlyHint } from "../test-mode.js";
import { handlerSite, thrownDiagnostic } from "../values/handler.js";
import type { RequestValue } from "./requests.js";
import { decodeDynamic, encodeDynamic, StringKind, type WireDynamicValue } from "./wire.js";

interface WireFunctionParameter {
  name: string;
  type: Buffer;
  allowNullValue: boolean;
  allowUnknownValues: boolean;
  description: string;
  descriptionKind: number;
}
export interface WireFunction {
  parameters: WireFunctionParameter[];
  variadicParameter?: WireFunctionParameter;
  return: { type: Buffer };
  summary: string;
  description: string;
  descriptionKind: number;
  deprecationMessage: string;
}
export interface WireFunctionError {
  text: string;
  functionArgument?: bigint;
}

function documented(o: { readonly description?: string; readonly markdownDescription?: string }) {
  return {
    description: o.markdownDescription ?? o.description ?? "",
    descriptionKind: o.markdownDescription !== undefined ? StringKind.MARKDOWN : StringKind.PLAIN,
  };
}

function wireParameter(p: FunctionParameter): WireFunctionParameter {
  return {
    name: p.name,
    type: Buffer.from(typeToJSONText(p.type.type)),
    allowNullValue: p.allowNullValue === true,
    allowUnknownValues: p.allowUnknownValues === true,
    ...documented(p),
  };
}

/** Every function's declaration by name; the same answer for GetProviderSchema and GetFunctions. */
export function wireFunctions(server: ProviderServer): Record<string, WireFunction> {
  const out: Record<string, WireFunction> = {};
  for (const [name, fn] of server.provider.functionsByName) {
    out[name] = {
      parameters: fn.params.map(wireParameter),
      ...(fn.variadic ? { variadicParameter: wireParameter(fn.variadic) } : {}),
      // Terraform needs the return type: it dereferences it without a check.
      return: { type: Buffer.from(typeToJSONText(fn.returns.type)) },
      summary: fn.summary ?? "",
      ...documented(fn),
      deprecationMessage: fn.deprecationMessage ?? "",
    };
  }
  return out;
}

/**
 * CallFunction. It needs no configured provider: Terraform calls functions on an instance it
 * never configures. OpenTofu sends an empty DynamicValue for a null argument, which decodes as
 * null. Nothing thrown escapes: every failure is a FunctionError.
 */
async function callFunctionHandler(
  server: ProviderServer,
  req: { readonly name: string; readonly arguments: readonly RequestValue[] },
): Promise<{ result?: WireDynamicValue; error?: WireFunctionError }> {
  // The host adds the parameter's name and a final period (see FunctionError).
  const fail = (text: string, argument?: number) => ({
    error: {
      text: text.replace(/\.+$/, ""),
      ...(argument !== undefined ? { functionArgument: BigInt(argument) } : {}),
    },
  });
  const fn = server.provider.functionsByName.get(req.name);
  if (!fn) {
    const known = [...server.provider.functionsByName.keys()].join(", ") || "none";
    return fail(
      `The provider ${server.provider.name} has no function "${req.name}" (it has: ${known}).${hiddenTestOnlyHint(server.provider, req.name)} Check the function name, or upgrade the provider.`,
    );
  }
  try {
    const args: CtyValue[] = [];
    for (const [i, arg] of req.arguments.entries()) {
      const p = parameterAt(fn, i);
      if (!p) {
        return fail(
          `${fn.name} takes ${fn.params.length} argument${fn.params.length === 1 ? "" : "s"}; ${req.arguments.length} were given.`,
          i,
        );
      }
      const diagnostics = new Diagnostics();
      const value = decodeDynamic(arg, p.type.type, diagnostics, `argument "${p.name}"`);
      if (value === undefined) {
        const d = diagnostics.items[0];
        return fail(d ? d.detail : "the value does not match the parameter's type", i);
      }
      args.push(value);
    }
    const { value } = await runProviderFunction(fn, args);
    const diagnostics = new Diagnostics();
    const result = encodeDynamic(value, fn.returns.type, diagnostics, `the result of ${fn.name}`);
    if (!result) return fail(diagnostics.items.map((d) => `${d.summary}: ${d.detail}`).join("\n"));
    return { result };
  } catch (caught) {
    if (caught instanceof CtyValueError) {
      providerLog().error("function failed", { function: fn.name, error: String(caught) });
      return fail(
        `${fn.name} returned a value that does not match its return type: ${formatPath(caught.path)} ${caught.reason}. This is a bug in the provider.`,
      );
    }
    // What the function's own code threw, when runProviderFunction made a FunctionError of it.
    const fromRun = caught instanceof FunctionError ? runExceptionOf(caught) : undefined;
    const err = fromRun === undefined ? caught : fromRun.thrown;
    if (err instanceof FunctionError) return fail(err.message, err.argument);
    // Anything else is reported as a handler's exception is (values/handler.ts), the
    // provider's mapError included; the host already says which call failed, so an exception
    // nobody mapped is its message alone, and anything else its summary and detail.
    const site = handlerSite(server.provider, "function", fn.name, "call", `function ${fn.name}`);
    const { diagnostic, as } = thrownDiagnostic(site, err);
    if (as === "failed" || diagnostic.detail === "")
      return fail(as === "failed" ? diagnostic.detail : diagnostic.summary);
    return fail(`${diagnostic.summary}: ${diagnostic.detail}`);
  }
}

type CallFunctionAnswer = { result?: WireDynamicValue; error?: WireFunctionError };

/** GetFunctions and CallFunction, under protocol 6's names. */
export function functionHandlers(server: ProviderServer) {
  return {
    // Terraform reads functions from the schema; OpenTofu asks here too. The same list.
    getFunctions: () => ({ functions: wireFunctions(server) }),

    callFunction: (req: { readonly name: string; readonly arguments: readonly RequestValue[] }) =>
      callFunctionHandler(server, req),
  };
}

/**
 * CallFunction for grpc-js. Not `unary`: its answer has no diagnostics, so a failure must
 * become the FunctionError, which `handle` already guarantees; this catch is the last guard.
 * The call is observed as every RPC call is (../internal/instrument-rpcs.ts); with no
 * diagnostics in its answer, it never counts as failed.
 */
export function callFunctionRpc<Req extends { readonly name: string }, Res>(
  fns: { fromPartial(object: CallFunctionAnswer): Res },
  handle: (request: Req) => Promise<CallFunctionAnswer> | CallFunctionAnswer,
): Rpc<(call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void> {
  return (metrics) => (call, callback) =>
    observeRpc(
      "CallFunction",
      metrics,
      (served) => {
        Promise.resolve()
          .then(() => handle(call.request))
          .catch(
            (err: unknown): CallFunctionAnswer => ({
              error: {
                text: `tsvider's CallFunction failed: ${err instanceof Error ? err.message : String(err)}`,
              },
            }),
          )
          .then((answer) => {
            served({ failed: false, fields: { error: answer.error !== undefined } });
            callback(null, fns.fromPartial(answer));
          });
      },
      { function: call.request.name },
    );
}
