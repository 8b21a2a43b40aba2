// A stand-in provider entry for the bundle test of the protocol stubs' clients: it makes a
// tfplugin6 client, which a bundle leaves out, and prints what that says.
import { ProviderClient, ProviderService } from "@tsvider/rpcplugin/tfplugin6";

try {
  new (ProviderClient as unknown as new () => unknown)();
  process.stdout.write("made a client\n");
} catch (err) {
  process.stdout.write(`${(err as Error).message}\n`);
}
// The service definitions stay: they are what a provider serves.
process.stdout.write(`${ProviderService.getProviderSchema.path}\n`);
