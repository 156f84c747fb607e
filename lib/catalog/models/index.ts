import type { ModelDef } from "../types";
import { assetLibraryModels } from "./asset-library";
import { hhModels, vendorsModels } from "./hh-vendors";
import { seedFamilyModels } from "./seed-family";
import { vendormModels } from "./vendorm";
import { vendorwModels } from "./vendorw";
import { videosModels } from "./videos";

/** Ids in the order the spec lists them: published table first, then the further reference pages. */
const SPEC_ORDER: readonly string[] = [
  "vendors_5.0Pro",
  "vendors-5.0",
  "sd_2.5_discount_v1",
  "sd_2.5_special_v1",
  "sd_2.0_fast_special",
  "sd_2.0_mini_special",
  "sd_2.0_special",
  "sd_2.0_discount",
  "sd_2.0_fast_discount",
  "sd_2.0_mini_discount",
  "vendorm-H3_933_1080p",
  "vendorm-H3-2K-c1",
  "vendorm-H3-768p",
  "vendorm-H3-768p-c2",
  "videos_2.5_30_10_10_c6",
  "videos_30_10_10_c3",
  "vendorw3.0-prime-r2v-c1",
  "vendorw3.0-video-r2v-c2",
  "sd2_disc_nvid",
  "sd_2.5_ORelay",
  "videos_30_10_10_c4",
  "vendorm-H3-768p-c1",
  "videos_900_720p-c1",
  "vendorw2.7-videoedit",
  "vendorw2.7-r2v",
  "hh-1.1-i2v-o",
];

const rank = (id: string) => {
  const i = SPEC_ORDER.indexOf(id);
  return i < 0 ? SPEC_ORDER.length : i;
};

/** Every model definition, in spec order. */
export const MODEL_DEFS: readonly ModelDef[] = [
  ...vendorsModels,
  ...seedFamilyModels,
  ...assetLibraryModels,
  ...vendormModels,
  ...videosModels,
  ...vendorwModels,
  ...hhModels,
].sort((a, b) => rank(a.id) - rank(b.id));
