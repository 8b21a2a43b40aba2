// Command goplugin-oracle launches a plugin the way Terraform and OpenTofu do, with
// hashicorp/go-plugin's own client, and reports what happened as one JSON object on stdout,
// so tests can check our server against the real client.
//
//	goplugin-oracle launch [-versions 5,6] [-tls=true] -- COMMAND [ARGS...]
//	    starts COMMAND as a plugin (magic cookie, PLUGIN_PROTOCOL_VERSIONS, AutoMTLS),
//	    pings its health service, then stops it as the host does at the end of a walk
//	    (GRPCController/Shutdown, then up to 2 s for the process to exit, then SIGKILL)
//	goplugin-oracle reattach -network unix -addr PATH -pid N [-version 6]
//	    connects to a plugin already running in debug mode, as TF_REATTACH_PROVIDERS makes
//	    the host do, and pings it
//
// The report: {"version":6,"network":"unix","address":"...","ping":true,
// "shutdownMs":12.5,"graceful":true,"logs":[{"@level":"debug","@message":"...",...}]}
// where logs are the client's log entries, the plugin's stderr lines among them.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
)

// The cookie Terraform and OpenTofu set.
var handshake = plugin.HandshakeConfig{
	MagicCookieKey:   "TF_PLUGIN_MAGIC_COOKIE",
	MagicCookieValue: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
}

// anyGRPC is a plugin whose client side is the bare gRPC connection: the oracle checks the
// go-plugin layer, not the provider protocol on top.
type anyGRPC struct {
	plugin.NetRPCUnsupportedPlugin
}

func (anyGRPC) GRPCServer(*plugin.GRPCBroker, *grpc.Server) error {
	return errors.New("the oracle is a client only")
}

func (anyGRPC) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (interface{}, error) {
	return conn, nil
}

type report struct {
	Version    int              `json:"version"`
	Network    string           `json:"network,omitempty"`
	Address    string           `json:"address,omitempty"`
	Ping       bool             `json:"ping"`
	PingError  string           `json:"pingError,omitempty"`
	ShutdownMs float64          `json:"shutdownMs,omitempty"`
	Graceful   bool             `json:"graceful"`
	Exited     bool             `json:"exited"`
	Error      string           `json:"error,omitempty"`
	Logs       []map[string]any `json:"logs"`
}

// logBuffer collects the client's hclog JSON lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) entries() []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []map[string]any{}
	for _, line := range strings.Split(b.buf.String(), "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) == nil {
			out = append(out, entry)
		}
	}
	return out
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: goplugin-oracle launch|reattach ...")
	}
	logs := &logBuffer{}
	logger := hclog.New(&hclog.LoggerOptions{Name: "host", Level: hclog.Trace, Output: logs, JSONFormat: true})
	var r report
	switch os.Args[1] {
	case "launch":
		r = launch(os.Args[2:], logger)
	case "reattach":
		r = reattach(os.Args[2:], logger)
	default:
		fail(fmt.Sprintf("unknown command %q", os.Args[1]))
	}
	r.Logs = logs.entries()
	out, _ := json.Marshal(r)
	fmt.Println(string(out))
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(2)
}

func pluginSets(versions string) map[int]plugin.PluginSet {
	sets := map[int]plugin.PluginSet{}
	for _, v := range strings.Split(versions, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			fail(fmt.Sprintf("bad version %q", v))
		}
		sets[n] = plugin.PluginSet{"provider": anyGRPC{}}
	}
	return sets
}

func launch(args []string, logger hclog.Logger) report {
	flags := flag.NewFlagSet("launch", flag.ExitOnError)
	versions := flags.String("versions", "5,6", "app protocol versions the host offers")
	tls := flags.Bool("tls", true, "AutoMTLS, as Terraform uses unless TF_DISABLE_PLUGIN_TLS is set")
	_ = flags.Parse(args)
	if flags.NArg() == 0 {
		fail("launch needs the plugin's command after --")
	}
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  handshake,
		VersionedPlugins: pluginSets(*versions),
		Cmd:              exec.Command(flags.Arg(0), flags.Args()[1:]...),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         *tls,
		Logger:           logger,
		StartTimeout:     time.Minute,
	})
	defer client.Kill()
	return exercise(client)
}

func reattach(args []string, logger hclog.Logger) report {
	flags := flag.NewFlagSet("reattach", flag.ExitOnError)
	network := flags.String("network", "unix", "unix or tcp")
	addr := flags.String("addr", "", "socket path or host:port")
	pid := flags.Int("pid", 0, "the plugin's process id")
	version := flags.Int("version", 6, "the protocol version the plugin serves")
	_ = flags.Parse(args)
	var address net.Addr
	var err error
	if *network == "unix" {
		address, err = net.ResolveUnixAddr("unix", *addr)
	} else {
		address, err = net.ResolveTCPAddr("tcp", *addr)
	}
	if err != nil {
		return report{Error: err.Error()}
	}
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig: handshake,
		// As Terraform does for a reattached provider: the plugin set of its one version.
		Plugins:          plugin.PluginSet{"provider": anyGRPC{}},
		VersionedPlugins: map[int]plugin.PluginSet{*version: {"provider": anyGRPC{}}},
		Reattach: &plugin.ReattachConfig{
			Protocol:        plugin.ProtocolGRPC,
			ProtocolVersion: *version,
			Addr:            address,
			Pid:             *pid,
			Test:            true,
		},
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		Logger:           logger,
	})
	r := connect(client)
	// Test reattachments are never shut down by the host; just let go.
	client.Kill()
	return r
}

func connect(client *plugin.Client) report {
	var r report
	rpc, err := client.Client()
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Version = client.NegotiatedVersion()
	if cfg := client.ReattachConfig(); cfg != nil && cfg.Addr != nil {
		r.Network, r.Address = cfg.Addr.Network(), cfg.Addr.String()
	}
	if _, err := rpc.Dispense("provider"); err != nil {
		r.Error = err.Error()
		return r
	}
	if err := rpc.Ping(); err != nil {
		r.PingError = err.Error()
	} else {
		r.Ping = true
	}
	return r
}

func exercise(client *plugin.Client) report {
	r := connect(client)
	if r.Error != "" {
		return r
	}
	// Kill is what Terraform does at the end of each walk: Shutdown over the controller,
	// up to two seconds for the process to exit, then SIGKILL.
	start := time.Now()
	client.Kill()
	r.ShutdownMs = float64(time.Since(start).Microseconds()) / 1000
	r.Exited = client.Exited()
	r.Graceful = r.Exited && r.ShutdownMs < 2000
	return r
}
