import type { MetadataRoute } from "next";
import { appManifest } from "@/lib/app-manifest";

/** /manifest.webmanifest: makes the studio installable on a phone's home screen (lib/app-manifest.ts). */
export default function manifest(): MetadataRoute.Manifest {
  return appManifest();
}
