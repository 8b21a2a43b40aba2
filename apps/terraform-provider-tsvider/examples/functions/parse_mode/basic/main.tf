terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::parse_mode: an octal file mode as the number it stands for.

output "rw_r__r__" {
  value = provider::tsvider::parse_mode("0644")
}

output "rwxr_xr_x" {
  value = provider::tsvider::parse_mode("755")
}
