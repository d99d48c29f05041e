/**
 * The six built-in post templates (spec section 2, Create Post: Templates). Bracketed parts are
 * for the writer to replace. Every template carries the product hashtag, the writer's own brand's
 * (a placeholder, never ours: decision 0063), and fits one X post.
 */

export const PRODUCT_HASHTAG = "#[YourBrand]";

export const templateCategories = [
  "first-post",
  "generic",
  "tech-update",
  "general-update",
  "announcement",
  "question",
] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export interface PostTemplate {
  id: string;
  name: string;
  description: string;
  template: string;
  category: TemplateCategory;
}

export const postTemplates: readonly PostTemplate[] = [
  {
    id: "first-post",
    name: "First Post",
    description: "Introduce yourself or your brand to your audience.",
    template:
      "Hello, world! 👋 We're [your name or brand], and we're here to share [what you do]. Follow along for [what followers can expect]. #Introduction #[YourBrand]",
    category: "first-post",
  },
  {
    id: "generic",
    name: "Generic Post",
    description: "A simple structure for any message.",
    template: "[Your main message]\n\n[One or two supporting details]\n\n[Call to action] #[YourBrand]",
    category: "generic",
  },
  {
    id: "tech-update",
    name: "Tech Update",
    description: "Share a new feature, release or improvement.",
    template:
      "🚀 New in [product]: [feature name]!\n\n✅ [Benefit one]\n✅ [Benefit two]\n\nTry it today and tell us what you think. #TechUpdate #[YourBrand]",
    category: "tech-update",
  },
  {
    id: "general-update",
    name: "General Update",
    description: "Keep your followers up to date on what you've been doing.",
    template:
      "Quick update from the team: [what happened]. Next up: [what's coming]. Thanks for being part of the journey! #Update #[YourBrand]",
    category: "general-update",
  },
  {
    id: "announcement",
    name: "Announcement",
    description: "Make big news stand out.",
    template:
      "📣 Big news! [Announcement in one sentence].\n\n📅 When: [date]\n📍 Where: [place or link]\n\nDon't miss it! #Announcement #[YourBrand]",
    category: "announcement",
  },
  {
    id: "question",
    name: "Question",
    description: "Start a conversation by asking your audience.",
    template:
      "We'd love to hear from you: [your question]? 🤔\n\nShare your thoughts in the comments! #Community #[YourBrand]",
    category: "question",
  },
];

export function getTemplate(id: string): PostTemplate | undefined {
  return postTemplates.find((template) => template.id === id);
}
