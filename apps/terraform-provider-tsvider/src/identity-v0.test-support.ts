// The provider entry of tsvider_identity_note at identity version 0 (see identity-upgrade.test-support.ts).
import { serveIdentityProvider } from "./identity-upgrade.test-support.js";

serveIdentityProvider(0);
