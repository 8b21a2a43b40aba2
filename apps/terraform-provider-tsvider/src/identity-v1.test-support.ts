// The provider entry of tsvider_identity_note at identity version 1 (see identity-upgrade.test-support.ts).
import { serveIdentityProvider } from "./identity-upgrade.test-support.js";

serveIdentityProvider(1);
