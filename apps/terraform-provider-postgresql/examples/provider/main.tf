terraform {
  required_providers {
    postgresql = {
      source  = "tsvider/postgresql"
      version = "0.1.0"
    }
  }
}

variable "database_password" {
  type      = string
  sensitive = true
  default   = null
}

# Every argument is optional: one left out is read from its PG* variable, else libpq's default.
provider "postgresql" {
  host            = "127.0.0.1"
  port            = 5432
  username        = "postgres"
  password        = var.database_password # else PGPASSWORD
  database        = "postgres"
  sslmode         = "disable"
  connect_timeout = 15
}
