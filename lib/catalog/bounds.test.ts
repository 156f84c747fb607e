import { describe, expect, it } from "vitest";
import { getModel, normalizeRequest, type ModelDef } from "./index";
import { SPEC } from "./test-support/spec-tables";

const URL_OF = {
  image: "https://cdn.example.com/i.png",
  video: "https://cdn.example.com/v.mp4",
  audio: "https://cdn.example.com/a.mp3",
};

function model(id: string): ModelDef {
  const found = getModel(id);
  if (!found) throw new Error(`missing model ${id}`);
  return found;
}

function messages(id: string, body: Record<string, unknown>): string[] {
  const result = normalizeRequest(model(id), body);
  return result.ok ? [] : result.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

function output(id: string, body: Record<string, unknown>): Record<string, unknown> {
  const result = normalizeRequest(model(id), body);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe.each(Object.entries(SPEC))("%s follows its parameter page", (id, spec) => {
  it("accepts its minimal body", () => {
    expect(messages(id, spec.base)).toEqual([]);
  });

  for (const [name, b] of Object.entries(spec.integers ?? {})) {
    const rule = b.min === b.max ? `must be ${b.min}` : `must be an integer between ${b.min} and ${b.max}`;
    it(`${name}: accepts ${b.min} and ${b.max}, rejects ${b.min - 1} and ${b.max + 1}`, () => {
      expect(output(id, { ...spec.base, [name]: b.min })[name]).toBe(b.min);
      expect(output(id, { ...spec.base, [name]: b.max })[name]).toBe(b.max);
      expect(messages(id, { ...spec.base, [name]: b.min - 1 })).toEqual([
        `${name}: ${rule} (got ${b.min - 1})`,
      ]);
      expect(messages(id, { ...spec.base, [name]: b.max + 1 })).toEqual([
        `${name}: ${rule} (got ${b.max + 1})`,
      ]);
      expect(messages(id, { ...spec.base, [name]: b.min + 0.5 })).toEqual([
        `${name}: ${rule} (got ${b.min + 0.5})`,
      ]);
    });
    it(`${name}: default ${b.default ?? "none"}, ${b.required ? "required" : "optional"}`, () => {
      const param = model(id).params.find((p) => p.name === name);
      expect(param && "default" in param ? param.default : undefined).toBe(b.default);
      expect(param?.required).toBe(Boolean(b.required));
      // Left out: a required field gets its default, an optional one stays out.
      expect(output(id, spec.base)[name]).toBe(b.required ? b.default : undefined);
    });
  }

  for (const [name, e] of Object.entries(spec.enums ?? {})) {
    it(`${name}: accepts exactly ${e.values.join(", ")}`, () => {
      for (const value of e.values) expect(output(id, { ...spec.base, [name]: value })[name]).toBe(value);
      const rule = e.values.length === 1 ? `must be ${e.values[0]}` : `must be one of ${e.values.join(", ")}`;
      expect(messages(id, { ...spec.base, [name]: "5:4" })).toEqual([`${name}: ${rule} (got "5:4")`]);
      const param = model(id).params.find((p) => p.name === name);
      expect(param?.type === "enum" && [...param.values]).toEqual(e.values);
    });
    it(`${name}: default ${e.default ?? "none"}, ${e.required ? "required" : "optional"}`, () => {
      const param = model(id).params.find((p) => p.name === name);
      expect(param && "default" in param ? param.default : undefined).toBe(e.default);
      expect(param?.required).toBe(Boolean(e.required));
      expect(output(id, spec.base)[name]).toBe(e.required ? e.default : undefined);
    });
  }

  for (const [name, m] of Object.entries(spec.media ?? {})) {
    it(`${name}: ${m.min}-${m.max} items`, () => {
      const param = model(id).params.find((p) => p.name === name);
      if (param?.type !== "media") throw new Error(`${name} is not a media param`);
      const url = URL_OF[param.media];
      const list = (n: number) => Array.from({ length: n }, (_, i) => `${url}?${i}`);
      // Other media fields of the base body would mix scenarios; vary this one field alone.
      const base = {
        prompt: spec.base.prompt,
        ...(name === "reference_audios" ? { reference_images: [URL_OF.image] } : {}),
        ...(name === "last_image" ? { first_image: [URL_OF.image] } : {}),
      };
      const keep = Object.fromEntries(
        Object.entries(spec.base).filter(([k]) => k !== name && k !== "prompt"),
      );
      const body = (n: number) => ({ ...keep, ...base, [name]: list(n) });
      const clean = (n: number) => messages(id, body(n)).filter((msg) => !msg.includes("cannot be combined"));
      expect(clean(m.max)).toEqual([]);
      const limit =
        m.min === m.max
          ? `exactly ${m.max} item${m.max === 1 ? "" : "s"}`
          : `at most ${m.max} item${m.max === 1 ? "" : "s"}`;
      expect(clean(m.max + 1)).toEqual([`${name}: ${limit} (got ${m.max + 1})`]);
      if (m.min > 0) {
        expect(clean(m.min)).toEqual([]);
        const low = m.min === m.max ? limit : `at least ${m.min} item${m.min === 1 ? "" : "s"}`;
        expect(clean(m.min - 1)).toEqual([`${name}: ${low} (got ${m.min - 1})`]);
        const { [name]: _left, ...without } = { ...spec.base };
        void _left;
        expect(messages(id, without)).toEqual([`${name}: is required`]);
      }
      expect(param.required).toBe(Boolean(m.required));
    });
  }

  for (const [name, def] of Object.entries(spec.booleans ?? {})) {
    it(`${name}: boolean, default ${def}, left out when not given`, () => {
      const param = model(id).params.find((p) => p.name === name);
      expect(param?.type).toBe("boolean");
      expect(param && "default" in param ? param.default : undefined).toBe(def);
      expect(output(id, spec.base)).not.toHaveProperty(name);
      expect(output(id, { ...spec.base, [name]: !def })[name]).toBe(!def);
      expect(messages(id, { ...spec.base, [name]: "yes" })).toEqual([
        `${name}: must be true or false (got "yes")`,
      ]);
    });
  }

  it("declares no parameter the spec does not list", () => {
    const listed = new Set([
      "prompt",
      ...Object.keys(spec.integers ?? {}),
      ...Object.keys(spec.enums ?? {}),
      ...Object.keys(spec.media ?? {}),
      ...Object.keys(spec.booleans ?? {}),
    ]);
    const extra = model(id)
      .params.map((p) => p.name)
      .filter((n) => !listed.has(n));
    expect(
      extra.every((n) =>
        [
          "tools",
          "image_roles",
          "size",
          "audio_setting",
          "requires_reference_video",
          "video_edit.basic",
        ].includes(n),
      ),
    ).toBe(true);
  });

  if (spec.promptMax) {
    const max = spec.promptMax;
    it(`prompt: 1-${max} characters`, () => {
      expect(messages(id, { ...spec.base, prompt: "a".repeat(max) })).toEqual([]);
      expect(messages(id, { ...spec.base, prompt: "a".repeat(max + 1) })).toEqual([
        `prompt: must be at most ${max} characters (got ${max + 1})`,
      ]);
      // Counted in characters, not UTF-16 units: an emoji is one character.
      expect(messages(id, { ...spec.base, prompt: "😀".repeat(max) })).toEqual([]);
    });
  }

  it("prompt is required and must not be blank", () => {
    const { prompt: _prompt, ...rest } = spec.base;
    void _prompt;
    expect(messages(id, rest)).toEqual(["prompt: is required"]);
    expect(messages(id, { ...rest, prompt: "   " })).toEqual(["prompt: must not be empty"]);
    expect(messages(id, { ...rest, prompt: 42 })).toEqual(["prompt: must be text (got 42)"]);
  });
});
