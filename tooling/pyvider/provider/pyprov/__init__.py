"""The pyvider peer of apps/bench's small-projects and peers benchmarks.

A provider `pyprov` with two resources. `pyprov_file` does what the Go peer's `goprov_file`
(tooling/oracles/goprovider) and tsvider's `tsvider_file_content` do at their core: write a file
on create, read it back on refresh, remove it on destroy. Both arguments force replacement, so
there is no in-place update. `pyprov_collections` takes a list and a set of strings and echoes
each back in a computed attribute, as the Go peer's `goprov_collections` does. Kept as small as
the Go peer so that the benchmarks measure the framework (start-up, RPC handling, values)
rather than the resource.

pyvider finds these classes through the `pyvider` entry point in pyproject.toml: it imports this
module and registers every class carrying one of its decorators.
"""

import hashlib
import os

import attrs

from pyvider.providers import BaseProvider, ProviderMetadata, register_provider
from pyvider.resources import BaseResource, ResourceContext, register_resource
from pyvider.schema import PvsSchema, a_list, a_set, a_str, s_resource


@register_provider("pyprov")
class PyprovProvider(BaseProvider):
    """No provider configuration: the resource needs nothing but the local disk."""

    def __init__(self) -> None:
        super().__init__(metadata=ProviderMetadata(name="pyprov", version="0.1.0"))


@attrs.define
class FileConfig:
    filename: str
    content: str


@attrs.define
class FileState:
    filename: str
    content: str
    # A SHA-1 of the content, as goprov_file keeps it: refresh compares the file against it.
    id: str | None = None


def checksum(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()  # noqa: S324 - a change detector, not security


@register_resource("pyprov_file")
class File(BaseResource):
    config_class = FileConfig
    state_class = FileState

    @classmethod
    def get_schema(cls) -> PvsSchema:
        return s_resource(
            {
                "filename": a_str(required=True, requires_replace=True, description="Path of the file."),
                "content": a_str(required=True, requires_replace=True, description="The file's content."),
                # Computed: pyvider plans it unknown on create and keeps the prior value after.
                "id": a_str(computed=True, description="SHA-1 of the content."),
            }
        )

    async def _validate_config(self, config: FileConfig) -> list[str]:
        # Nothing beyond the schema's types: the Go peer validates nothing either.
        return []

    async def _create_apply(self, ctx: ResourceContext) -> tuple[FileState, None]:
        plan = ctx.planned_state
        data = plan.content.encode()
        with open(plan.filename, "wb") as f:
            f.write(data)
        return FileState(filename=plan.filename, content=plan.content, id=checksum(data)), None

    async def read(self, ctx: ResourceContext) -> FileState | None:
        state = ctx.state
        try:
            with open(state.filename, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            # Gone from disk: returning nothing drops it from state, and the next plan creates it.
            return None
        if checksum(data) != state.id:
            # Changed by hand: also dropped, to be written again, as goprov_file does.
            return None
        return state

    async def _delete_apply(self, ctx: ResourceContext) -> None:
        try:
            os.remove(ctx.state.filename)
        except FileNotFoundError:
            # Already gone is what destroy wants.
            pass


@attrs.define
class CollectionsConfig:
    items: list[str]
    members: list[str]


@attrs.define
class CollectionsState:
    items: list[str]
    members: list[str]
    items_echo: list[str] | None = None
    members_echo: list[str] | None = None


@register_resource("pyprov_collections")
class Collections(BaseResource):
    config_class = CollectionsConfig
    state_class = CollectionsState

    @classmethod
    def get_schema(cls) -> PvsSchema:
        return s_resource(
            {
                "items": a_list(a_str(), required=True, description="A list of strings."),
                "members": a_set(a_str(), required=True, description="A set of strings."),
                "items_echo": a_list(a_str(), computed=True, description="`items`, echoed back."),
                "members_echo": a_set(a_str(), computed=True, description="`members`, echoed back."),
            }
        )

    async def _validate_config(self, config: CollectionsConfig) -> list[str]:
        # Nothing beyond the schema's types, as for pyprov_file.
        return []

    def _echo(self, ctx: ResourceContext) -> tuple[CollectionsState, None]:
        # The planned values handed back as they are (as plain lists), as the other peers do.
        plan = ctx.planned_state
        items = list(plan.items)
        members = list(plan.members)
        return CollectionsState(items=items, members=members, items_echo=items, members_echo=members), None

    async def _create_apply(self, ctx: ResourceContext) -> tuple[CollectionsState, None]:
        return self._echo(ctx)

    async def _update_apply(self, ctx: ResourceContext) -> tuple[CollectionsState, None]:
        return self._echo(ctx)

    async def read(self, ctx: ResourceContext) -> CollectionsState | None:
        return ctx.state

    async def _delete_apply(self, ctx: ResourceContext) -> None:
        # Nothing outside the state to remove.
        pass
