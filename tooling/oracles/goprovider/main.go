// A provider written with HashiCorp's terraform-plugin-framework, for measuring tsvider against
// a Go provider in the same tests and benchmarks (apps/bench, the host-watch comparison): two
// resources like hashicorp/local's local_file and hashicorp/random's random_string, with the
// same plan modifiers, and one that takes a large list and a large set and echoes them back
// (apps/bench's peers benchmark). Built from the Go module proxy by tooling/oracles/build
// goprovider.
package main

import (
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/hex"
	"flag"
	"log"
	"math/big"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	providerschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func main() {
	debug := flag.Bool("debug", false, "serve in debug mode (TF_REATTACH_PROVIDERS)")
	flag.Parse()
	err := providerserver.Serve(context.Background(), func() provider.Provider { return &goprov{} }, providerserver.ServeOpts{
		Address: "registry.terraform.io/tsvider/goprov",
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}

type goprov struct{}

func (p *goprov) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "goprov"
	resp.Version = "0.1.0"
}

func (p *goprov) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = providerschema.Schema{}
}

func (p *goprov) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {}

func (p *goprov) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return &fileResource{"_file"} },
		func() resource.Resource { return &stringResource{"_string"} },
		func() resource.Resource { return &collectionsResource{"_collections"} },
	}
}

func (p *goprov) DataSources(context.Context) []func() datasource.DataSource { return nil }

// typeName is every resource's Metadata: the provider's type name and the resource's suffix.
type typeName string

func (n typeName) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + string(n)
}

// goprov_file: local_file's core: a file with the given content, replaced when either changes,
// gone from state when the file is missing or was changed outside.
type fileResource struct{ typeName }

type fileModel struct {
	Filename types.String `tfsdk:"filename"`
	Content  types.String `tfsdk:"content"`
	ID       types.String `tfsdk:"id"`
}

func (r *fileResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"filename": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"content":  schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"id":       schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func checksum(data []byte) string {
	sum := sha1.Sum(data)
	return hex.EncodeToString(sum[:])
}

func (r *fileResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := os.WriteFile(m.Filename.ValueString(), []byte(m.Content.ValueString()), 0o644); err != nil {
		resp.Diagnostics.AddError("Cannot write the file", err.Error())
		return
	}
	m.ID = types.StringValue(checksum([]byte(m.Content.ValueString())))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *fileResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	data, err := os.ReadFile(m.Filename.ValueString())
	if err != nil {
		if os.IsNotExist(err) {
			resp.State.RemoveResource(ctx)
			return
		}
		resp.Diagnostics.AddError("Cannot read the file", err.Error())
		return
	}
	if checksum(data) != m.ID.ValueString() {
		resp.State.RemoveResource(ctx)
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *fileResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	// Every argument forces replacement: there is nothing to update in place.
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *fileResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if err := os.Remove(m.Filename.ValueString()); err != nil && !os.IsNotExist(err) {
		resp.Diagnostics.AddError("Cannot remove the file", err.Error())
	}
}

// goprov_string: random_string's core: `length` random letters and digits, kept until the
// length changes.
type stringResource struct{ typeName }

type stringModel struct {
	Length types.Int64  `tfsdk:"length"`
	Result types.String `tfsdk:"result"`
	ID     types.String `tfsdk:"id"`
}

func (r *stringResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"length": schema.Int64Attribute{Required: true, PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}},
		"result": schema.StringAttribute{Computed: true, Sensitive: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"id":     schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

const alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func (r *stringResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m stringModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out := make([]byte, m.Length.ValueInt64())
	for i := range out {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphanumeric))))
		if err != nil {
			resp.Diagnostics.AddError("Cannot read random numbers", err.Error())
			return
		}
		out[i] = alphanumeric[n.Int64()]
	}
	m.Result = types.StringValue(string(out))
	m.ID = types.StringValue("none")
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *stringResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m stringModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *stringResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m stringModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *stringResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// goprov_collections: a list and a set of strings, each echoed back in a computed attribute of
// its own, for timing large collections through plan and apply (the same resource as the
// tsvider and pyvider peers' *_collections in apps/bench). The echo hands the planned values
// back as they are, as the other peers do: what is timed is the framework's handling of them.
type collectionsResource struct{ typeName }

type collectionsModel struct {
	Items       types.List `tfsdk:"items"`
	Members     types.Set  `tfsdk:"members"`
	ItemsEcho   types.List `tfsdk:"items_echo"`
	MembersEcho types.Set  `tfsdk:"members_echo"`
}

func (r *collectionsResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"items":        schema.ListAttribute{ElementType: types.StringType, Required: true},
		"members":      schema.SetAttribute{ElementType: types.StringType, Required: true},
		"items_echo":   schema.ListAttribute{ElementType: types.StringType, Computed: true},
		"members_echo": schema.SetAttribute{ElementType: types.StringType, Computed: true},
	}}
}

// echo fills the computed attributes from the arguments.
func (r *collectionsResource) echo(ctx context.Context, plan tfsdk.Plan, state *tfsdk.State) diag.Diagnostics {
	var m collectionsModel
	diags := plan.Get(ctx, &m)
	if diags.HasError() {
		return diags
	}
	m.ItemsEcho = m.Items
	m.MembersEcho = m.Members
	return append(diags, state.Set(ctx, &m)...)
}

func (r *collectionsResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.Diagnostics.Append(r.echo(ctx, req.Plan, &resp.State)...)
}

func (r *collectionsResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m collectionsModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *collectionsResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.Diagnostics.Append(r.echo(ctx, req.Plan, &resp.State)...)
}

func (r *collectionsResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
}
