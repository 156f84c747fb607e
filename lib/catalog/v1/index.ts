import { installV1Models, v1ModelsInstalled } from "../lookup";
import { buildV1Model, type V1ModelMapping } from "./families";
import { SANDBOX_V1_MAPPING } from "./mapping";

export { parseV1Mapping, SANDBOX_V1_MAPPING } from "./mapping";
export { V1_FAMILIES, buildV1Model, type V1ModelMapping, type V1Family } from "./families";

/** Makes the mapped models part of the catalog (the server's configuration, a test's mapping). */
export function installV1Mapping(mapping: readonly V1ModelMapping[]): void {
  installV1Models(mapping.map(buildV1Model));
}

/**
 * The sandbox's demo families when nothing installed a mapping (a standalone sandbox, a test):
 * a studio always installs its own at start, possibly none, and that is never replaced.
 */
export function ensureSandboxV1Mapping(): void {
  if (!v1ModelsInstalled()) installV1Mapping(SANDBOX_V1_MAPPING);
}
