// Every exception node-postgres throws, turned once into a diagnostic that says what to do: the
// provider's mapError (see packages/framework/README.md, "Errors"). The server's DatabaseError
// carries a SQLSTATE `code`; a refused or failed connection is a Node system error with an
// errno `code` (ECONNREFUSED, ...). Anything not listed here keeps the framework's wording
// ("Could not create postgresql_role", with the server's message as the detail).
import type { ErrorContext, ErrorMapping } from "@tsvider/framework";
import pg from "pg";

/** The kind of object a resource type manages, for sentences: `postgresql_role` is a role. */
function objectKind(component: string): string {
  return component.replace(/^postgresql_/, "").replaceAll("_", " ");
}

/** `tofu import` for an object the resource can import, or undefined for one it cannot. */
const IMPORTABLE = new Set([
  "postgresql_role",
  "postgresql_database",
  "postgresql_schema",
  "postgresql_extension",
]);

function serverMessage(err: pg.DatabaseError): string {
  const detail = err.detail ? ` (${err.detail})` : "";
  const hint = err.hint ? ` (hint: ${err.hint})` : "";
  return `PostgreSQL said: ${err.message}${detail}${hint} [SQLSTATE ${err.code}].`;
}

const CONNECTION_CHECK =
  "Check host, port, username and password in the provider block (or PGHOST, PGPORT, PGUSER, PGPASSWORD), and that the server accepts this client in its pg_hba.conf.";

export function mapPostgresError(err: unknown, ctx: ErrorContext): ErrorMapping | undefined {
  if (err instanceof pg.DatabaseError) return mapDatabaseError(err, ctx);
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  switch (code) {
    case "ECONNREFUSED":
      return {
        summary: "PostgreSQL refused the connection",
        detail: `${message}. Nothing listens there: check host and port in the provider block (or PGHOST and PGPORT) and that the server is running.`,
      };
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return {
        summary: "The PostgreSQL host name does not resolve",
        detail: `${message}. Check host in the provider block (or PGHOST).`,
      };
    case "ETIMEDOUT":
    case "ECONNRESET":
      return {
        summary: "The connection to PostgreSQL failed",
        detail: `${message}. Check that the server is reachable from here (a firewall, a VPN), and sslmode.`,
      };
  }
  if (err instanceof Error && /connection timeout/i.test(message)) {
    return {
      summary: "PostgreSQL did not answer within connect_timeout",
      detail: `${message}. Check host and port, that the server is reachable, or raise connect_timeout in the provider block.`,
    };
  }
  if (err instanceof Error && /does not support SSL|server does not support ssl/i.test(message)) {
    return {
      summary: "The PostgreSQL server does not accept SSL",
      detail: `${message}. Set sslmode = "disable" in the provider block (or PGSSLMODE), or enable SSL on the server.`,
    };
  }
  return undefined;
}

function mapDatabaseError(err: pg.DatabaseError, ctx: ErrorContext): ErrorMapping | undefined {
  const said = serverMessage(err);
  const kind = objectKind(ctx.component);
  switch (err.code) {
    case "42710": // duplicate_object
    case "42P04": // duplicate_database
    case "42P06": // duplicate_schema
      return {
        summary: `The ${kind} already exists`,
        detail: `${said} ${
          IMPORTABLE.has(ctx.component)
            ? `Bring the existing ${kind} under Terraform with an import block or \`tofu import\`, or choose another name.`
            : "Remove it outside Terraform, or choose another name."
        }`,
      };
    case "3D000": // invalid_catalog_name
      return {
        summary: "The database does not exist",
        detail: `${said} Check the database attribute, or database in the provider block (or PGDATABASE); a database this configuration creates must be referenced (postgresql_database.<name>.name) so that it exists first.`,
      };
    case "3F000": // invalid_schema_name
      return {
        summary: "The schema does not exist",
        detail: `${said} Check the schema attribute; a schema this configuration creates must be referenced (postgresql_schema.<name>.name) so that it exists first.`,
      };
    case "42704": // undefined_object
    case "42P01": // undefined_table
    case "42883": // undefined_function
      return {
        summary: "An object this configuration names does not exist",
        detail: `${said} Check the role, owner, tables or functions the ${kind} names; one this configuration creates must be referenced (postgresql_role.<name>.name) so that it exists first.`,
      };
    case "28P01": // invalid_password
    case "28000": // invalid_authorization_specification
      return {
        summary: "PostgreSQL refused the provider's login",
        detail: `${said} ${CONNECTION_CHECK}`,
      };
    case "53300": // too_many_connections
      return {
        summary: "PostgreSQL has no connection slot free",
        detail: `${said} The provider retried until connect_timeout passed. Run with a lower -parallelism, or raise the server's max_connections.`,
      };
    case "57P03": // cannot_connect_now
      return {
        summary: "PostgreSQL is not accepting connections now",
        detail: `${said} The server is starting up, shutting down or in recovery; the provider retried until connect_timeout passed. Run again once it accepts connections.`,
      };
    case "42501": // insufficient_privilege
      return {
        summary: `The provider's role may not ${operationVerb(ctx.operation)} this ${kind}`,
        detail: `${said} Connect as a role that owns the object or holds the privilege (username in the provider block), or grant it to the provider's role.`,
      };
    case "2BP01": // dependent_objects_still_exist
      return {
        summary: `Other objects still depend on this ${kind}`,
        detail: `${said} Drop or reassign them first (REASSIGN OWNED BY, DROP OWNED BY in each database), or manage them in this configuration so that Terraform removes them before the ${kind}.`,
      };
    case "55006": // object_in_use
      return {
        summary: `The ${kind} is in use`,
        detail: `${said} Other sessions are connected to it; end them (pg_terminate_backend) and run again.`,
      };
    case "0A000": // feature_not_supported: what PostgreSQL 15.3 and later say of a missing extension
      if (ctx.component !== "postgresql_extension") return undefined;
      return {
        summary: "The server does not have this extension's files",
        detail: `${said} Install the package that provides the extension on the database server (postgresql-contrib, for the contrib extensions), or check the name.`,
      };
    case "58P01": // undefined_file: what older PostgreSQL says of a missing extension
      return {
        summary: "The server does not have this extension's files",
        detail: `${said} Install the package that provides the extension on the database server (postgresql-contrib, for the contrib extensions), or check the name.`,
      };
    case "22023": // invalid_parameter_value
      return {
        summary: `PostgreSQL refused a value of this ${kind}`,
        detail: `${said} Change the value it names.`,
      };
    default:
      return undefined;
  }
}

function operationVerb(operation: string): string {
  return operation === "importState" ? "import" : operation;
}
