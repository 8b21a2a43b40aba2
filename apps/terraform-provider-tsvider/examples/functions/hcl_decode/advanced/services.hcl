# Read by main.tf with file() and decoded with provider::tsvider::hcl_decode.
region  = "eu-west-1"
version = "1.${2 + 3}.0"
ratio   = 0.1 + 0.2
owners  = sort(["carol", "alice", "bob"])

service "api" {
  image    = "registry.example.com/api:${upper("stable")}"
  replicas = 3

  port {
    number   = 443
    protocol = "https"
  }
  port {
    number   = 8080
    protocol = "http"
  }
}

service "worker" {
  image    = "registry.example.com/worker:stable"
  replicas = 1
}

alert "cpu" "high" {
  threshold = 90
}
alert "cpu" "low" {
  threshold = 5
}
