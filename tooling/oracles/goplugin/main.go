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
//	goplugin-oracle call -calls JSON [-cookie KEY=VALUE] [-versions 1] [-tls=true] -- COMMAND [ARGS...]
//	    launches COMMAND as launch does, then calls methods of a service that is not
//	    Terraform's over the gRPC connection go-plugin hands over, and stops it as launch
//	    does. JSON is a list of {"method":"/pkg.Service/Method","request":{...}}, with
//	    "serverStream":true for a method that answers with a stream. Messages travel as JSON
//	    (content-subtype "json"), so the oracle needs no code generated for the service.
//
// The report: {"version":6,"network":"unix","address":"...","ping":true,
// "shutdownMs":12.5,"graceful":true,"logs":[{"@level":"debug","@message":"...",...}]}
// where logs are the client's log entries, the plugin's stderr lines among them; call adds
// "calls":[{"method":"...","response":{...}}, {"method":"...","responses":[...]},
// {"method":"...","code":"NotFound","message":"..."}], one per call, in order.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
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
	"google.golang.org/grpc/status"
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
	Calls      []callResult     `json:"calls,omitempty"`
	Logs       []map[string]any `json:"logs"`
}

// call is one method call asked for on the command line.
type call struct {
	Method       string          `json:"method"`
	Request      json.RawMessage `json:"request"`
	ServerStream bool            `json:"serverStream"`
}

// callResult is the answer: the response (or every streamed one), or the gRPC status.
type callResult struct {
	Method    string            `json:"method"`
	Response  json.RawMessage   `json:"response,omitempty"`
	Responses []json.RawMessage `json:"responses,omitempty"`
	Code      string            `json:"code,omitempty"`
	Message   string            `json:"message,omitempty"`
}

// jsonCodec passes JSON messages through untouched: the oracle holds requests and
// responses as json.RawMessage, and the plugin under test serializes its messages as JSON.
// Its name becomes the content-subtype, application/grpc+json.
type jsonCodec struct{}

func (jsonCodec) Name() string { return "json" }

func (jsonCodec) Marshal(v any) ([]byte, error) {
	m, ok := v.(*json.RawMessage)
	if !ok {
		return nil, fmt.Errorf("jsonCodec cannot marshal %T", v)
	}
	return *m, nil
}

func (jsonCodec) Unmarshal(data []byte, v any) error {
	m, ok := v.(*json.RawMessage)
	if !ok {
		return fmt.Errorf("jsonCodec cannot unmarshal into %T", v)
	}
	*m = append(json.RawMessage(nil), data...)
	return nil
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
		fail("usage: goplugin-oracle launch|reattach|call ...")
	}
	logs := &logBuffer{}
	logger := hclog.New(&hclog.LoggerOptions{Name: "host", Level: hclog.Trace, Output: logs, JSONFormat: true})
	var r report
	switch os.Args[1] {
	case "launch":
		r = launch(os.Args[2:], logger)
	case "reattach":
		r = reattach(os.Args[2:], logger)
	case "call":
		r = callService(os.Args[2:], logger)
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

// parseCookie reads KEY=VALUE; a plugin that is not Terraform's has a cookie of its own.
func parseCookie(text string) plugin.HandshakeConfig {
	key, value, ok := strings.Cut(text, "=")
	if !ok || key == "" {
		fail(fmt.Sprintf("bad -cookie %q: expected KEY=VALUE", text))
	}
	return plugin.HandshakeConfig{MagicCookieKey: key, MagicCookieValue: value}
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

// launchClient starts the plugin command as Terraform starts a provider: gRPC only, the
// offered app protocol versions, AutoMTLS unless turned off. launch and call share it.
func launchClient(cookie plugin.HandshakeConfig, versions string, tls bool, command []string, logger hclog.Logger) *plugin.Client {
	return plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  cookie,
		VersionedPlugins: pluginSets(versions),
		Cmd:              exec.Command(command[0], command[1:]...),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         tls,
		Logger:           logger,
		StartTimeout:     time.Minute,
	})
}

func launch(args []string, logger hclog.Logger) report {
	flags := flag.NewFlagSet("launch", flag.ExitOnError)
	versions := flags.String("versions", "5,6", "app protocol versions the host offers")
	tls := flags.Bool("tls", true, "AutoMTLS, as Terraform uses unless TF_DISABLE_PLUGIN_TLS is set")
	_ = flags.Parse(args)
	if flags.NArg() == 0 {
		fail("launch needs the plugin's command after --")
	}
	client := launchClient(handshake, *versions, *tls, flags.Args(), logger)
	defer client.Kill()
	return exercise(client)
}

func callService(args []string, logger hclog.Logger) report {
	flags := flag.NewFlagSet("call", flag.ExitOnError)
	versions := flags.String("versions", "1", "app protocol versions the host offers")
	tls := flags.Bool("tls", true, "AutoMTLS")
	cookie := flags.String("cookie", handshake.MagicCookieKey+"="+handshake.MagicCookieValue, "the magic cookie, KEY=VALUE")
	callsJSON := flags.String("calls", "", `the calls: [{"method":"/pkg.Service/Method","request":{...}}]`)
	_ = flags.Parse(args)
	if flags.NArg() == 0 {
		fail("call needs the plugin's command after --")
	}
	var calls []call
	if err := json.Unmarshal([]byte(*callsJSON), &calls); err != nil || len(calls) == 0 {
		fail(fmt.Sprintf("-calls needs a JSON list of {\"method\",\"request\"} objects: %v", err))
	}
	client := launchClient(parseCookie(*cookie), *versions, *tls, flags.Args(), logger)
	defer client.Kill()
	r := connect(client)
	if r.Error != "" {
		return r
	}
	rpc, _ := client.Client()
	raw, err := rpc.Dispense("provider")
	if err != nil {
		r.Error = err.Error()
		return r
	}
	conn := raw.(*grpc.ClientConn)
	for _, c := range calls {
		r.Calls = append(r.Calls, invoke(conn, c))
	}
	stop(client, &r)
	return r
}

// invoke makes one call on go-plugin's connection, unary or server-streaming.
func invoke(conn *grpc.ClientConn, c call) callResult {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	result := callResult{Method: c.Method}
	request := c.Request
	if request == nil {
		request = json.RawMessage("{}")
	}
	setStatus := func(err error) {
		s := status.Convert(err)
		result.Code, result.Message = s.Code().String(), s.Message()
	}
	codec := grpc.ForceCodec(jsonCodec{})
	if !c.ServerStream {
		var response json.RawMessage
		if err := conn.Invoke(ctx, c.Method, &request, &response, codec); err != nil {
			setStatus(err)
		} else {
			result.Response = response
		}
		return result
	}
	desc := &grpc.StreamDesc{StreamName: c.Method, ServerStreams: true}
	stream, err := conn.NewStream(ctx, desc, c.Method, codec)
	if err == nil {
		err = stream.SendMsg(&request)
	}
	if err == nil {
		err = stream.CloseSend()
	}
	result.Responses = []json.RawMessage{}
	for err == nil {
		var response json.RawMessage
		if err = stream.RecvMsg(&response); err == nil {
			result.Responses = append(result.Responses, response)
		}
	}
	if !errors.Is(err, io.EOF) {
		setStatus(err)
	}
	return result
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
	stop(client, &r)
	return r
}

func stop(client *plugin.Client, r *report) {
	// Kill is what Terraform does at the end of each walk: Shutdown over the controller,
	// up to two seconds for the process to exit, then SIGKILL.
	start := time.Now()
	client.Kill()
	r.ShutdownMs = float64(time.Since(start).Microseconds()) / 1000
	r.Exited = client.Exited()
	r.Graceful = r.Exited && r.ShutdownMs < 2000
}
