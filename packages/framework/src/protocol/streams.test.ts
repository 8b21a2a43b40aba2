import type { ServerReadableStream } from "@grpc/grpc-js";
import { describe, expect, it } from "vitest";
import { noMetrics } from "../metrics.js";
import { clientStream } from "./streams.js";

interface Partial {
  size?: number;
  diagnostics?: { summary: string }[];
}

/** Generated code's fromPartial, refusing a size it cannot encode as the real one would. */
const fns = {
  fromPartial(p: Partial): Partial {
    if (p.size !== undefined && !Number.isSafeInteger(p.size))
      throw new RangeError(`size ${p.size} is not an int64`);
    return p;
  },
};

function answerOf(handle: Parameters<typeof clientStream<string, Partial, Partial>>[2]): Promise<Partial> {
  const rpc = clientStream<string, Partial, Partial>("WriteStateBytes", fns, handle)(noMetrics);
  const chunks = (async function* () {
    yield "a";
    yield "b";
  })();
  return new Promise((resolve, reject) =>
    rpc(chunks as unknown as ServerReadableStream<string, Partial>, (err, res) =>
      err ? reject(err) : resolve(res as Partial),
    ),
  );
}

describe("clientStream", () => {
  it("answers with what the handler returned and its diagnostics", async () => {
    const answer = await answerOf(async (requests) => {
      let size = 0;
      for await (const chunk of requests) size += chunk.length;
      return { size };
    });
    expect(answer).toMatchObject({ size: 2, diagnostics: [] });
  });

  it("still answers, with an error diagnostic, when the answer cannot be built", async () => {
    const answer = await answerOf(async () => ({ size: 1.5 }));
    expect(answer.size).toBeUndefined();
    expect(answer.diagnostics).toHaveLength(1);
    expect(JSON.stringify(answer.diagnostics)).toContain("tsvider's WriteStateBytes answer");
    expect(JSON.stringify(answer.diagnostics)).toContain("size 1.5 is not an int64");
  });
});
