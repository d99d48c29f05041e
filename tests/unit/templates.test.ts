import { describe, expect, it } from "vitest";
import { countForPlatform } from "@/lib/networks/text";
import { getTemplate, postTemplates, PRODUCT_HASHTAG, templateCategories } from "@/lib/posts/templates";
import { POST_CONTENT_MAX } from "@/lib/posts/schemas";

describe("built-in post templates", () => {
  it("are six, one per spec category, in the spec's order", () => {
    expect(postTemplates).toHaveLength(6);
    expect(postTemplates.map((t) => t.category)).toEqual([
      "first-post",
      "generic",
      "tech-update",
      "general-update",
      "announcement",
      "question",
    ]);
    expect([...templateCategories]).toEqual(postTemplates.map((t) => t.category));
  });

  it("have unique ids and names and every field filled", () => {
    expect(new Set(postTemplates.map((t) => t.id)).size).toBe(6);
    expect(new Set(postTemplates.map((t) => t.name)).size).toBe(6);
    for (const template of postTemplates) {
      expect(Object.keys(template).sort()).toEqual(["category", "description", "id", "name", "template"]);
      for (const value of Object.values(template)) expect(String(value).trim()).not.toBe("");
    }
  });

  it("all end with the writer's brand hashtag to fill in, and none stamps ours into a client's post", () => {
    expect(PRODUCT_HASHTAG).toBe("#[YourBrand]");
    for (const template of postTemplates) {
      expect(template.template.endsWith(PRODUCT_HASHTAG)).toBe(true);
      expect(template.template).not.toMatch(/#Postloom/i);
    }
  });

  it("fit in one X post and in the post content limit", () => {
    for (const template of postTemplates) {
      expect(countForPlatform(template.template, "twitter").over).toBe(false);
      expect(template.template.length).toBeLessThanOrEqual(POST_CONTENT_MAX);
    }
  });

  it("are found by id", () => {
    expect(getTemplate("question")?.category).toBe("question");
    expect(getTemplate("nope")).toBeUndefined();
  });
});
