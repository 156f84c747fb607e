import { StudioError } from "../../errors";
import { validateTaskRequest } from "../index";

/** The StudioError validateTaskRequest throws for a body (fails the test if it accepts it). */
export function rejection(body: unknown): StudioError {
  try {
    validateTaskRequest(body);
  } catch (error) {
    if (error instanceof StudioError) return error;
    throw error;
  }
  throw new Error(`expected a rejection of ${JSON.stringify(body)}`);
}
