// The reference provider (apps/terraform-provider-tsvider), the one the runner runs without
// `--provider`, read from its package.json as any provider app is (provider-app.ts).
import { REFERENCE_PROVIDER_DIR, readProviderApp } from "./provider-app.js";

export const referenceProvider = readProviderApp(REFERENCE_PROVIDER_DIR);
