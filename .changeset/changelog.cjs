// The changelog lines `changeset version` writes (config.json's "changelog"). Two changes from
// changesets' default: no commit hash in front of an entry, so the text reads the same whether
// the release was versioned in a clone or in a staged copy; and "Updated dependencies" only
// for dependencies that had been released before, once per release: a dependency's own first
// release (from 0.1.0-0 or 0.0.0) tells a user of the dependent nothing.
"use strict";

/** @param {{ summary: string }} changeset */
async function getReleaseLine(changeset) {
  const [first, ...rest] = changeset.summary.split("\n").map((line) => line.trimEnd());
  const more = rest.length > 0 ? `\n${rest.map((line) => (line === "" ? "" : `  ${line}`)).join("\n")}` : "";
  return `- ${first}${more}`;
}

/** @param {string} version */
function neverReleased(version) {
  return version === "0.0.0" || version.includes("-");
}

/**
 * @param {unknown[]} _changesets
 * @param {{ name: string, oldVersion: string, newVersion: string }[]} dependencies
 */
async function getDependencyReleaseLine(_changesets, dependencies) {
  const news = dependencies.filter((dep) => !neverReleased(dep.oldVersion));
  if (news.length === 0) return "";
  return ["- Updated dependencies:", ...news.map((dep) => `  - ${dep.name}@${dep.newVersion}`)].join("\n");
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
