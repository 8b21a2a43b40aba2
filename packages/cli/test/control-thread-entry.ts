// A stand-in provider entry for the bundle tests of the control thread: a tfplugin6 plugin that
// answers GetProviderSchema, served from a control thread when TSVIDER_CONTROL_THREAD asks for
// one, unless FIXTURE_MAIN_THREAD says to serve from the main thread whatever it asks.
import { servePlugin } from "@tsvider/rpcplugin";
import * as pb from "@tsvider/rpcplugin/tfplugin6";

servePlugin({
  programName: "control-thread-fixture",
  ...(process.env.FIXTURE_MAIN_THREAD ? { controlThread: false } : {}),
  versions: {
    6: [
      {
        definition: pb.ProviderService,
        implementation: {
          getProviderSchema: (
            _call: unknown,
            callback: (err: null, res: pb.GetProviderSchema_Response) => void,
          ) => callback(null, pb.GetProviderSchema_Response.fromPartial({ provider: { version: 7n } })),
        },
      },
    ],
  },
}).catch((err: unknown) => {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
});
