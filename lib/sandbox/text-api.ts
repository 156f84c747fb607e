// CONTRACT STUB — the chat owner replaces this file; keep the exported name and signature.

/**
 * The sandbox's native text API: POST {llm_base_url}/v1/models/{model}:generateContent and
 * :streamGenerateContent (JSON array by default, SSE with ?alt=sse). The sandbox router has
 * already checked the Authorization header.
 */
export declare function handleTextApi(
  request: Request,
  model: string,
  method: "generateContent" | "streamGenerateContent",
): Promise<Response>;
