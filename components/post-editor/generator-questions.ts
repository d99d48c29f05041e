import { AI_MESSAGES } from "@/lib/ai/constants";
import {
  generatorAnswersSchema,
  generatorCallToActions,
  generatorHashtagOptions,
  generatorLengthLabels,
  generatorLengths,
  generatorTones,
  type GeneratorAnswers,
} from "@/lib/ai/schemas";

/** The AI Post Generator's five questions (spec section 9), asked one at a time. */

export interface GeneratorDraft {
  topic: string;
  tone: string;
  length: string;
  callToAction: string;
  customCallToAction: string;
  hashtags: string;
  providedHashtags: string;
}

export const emptyDraft: GeneratorDraft = {
  topic: "",
  tone: "",
  length: "",
  callToAction: "",
  customCallToAction: "",
  hashtags: "",
  providedHashtags: "",
};

export type QuestionKey = "topic" | "tone" | "length" | "callToAction" | "hashtags";

export interface GeneratorQuestion {
  key: QuestionKey;
  title: string;
  hint: string;
  required: boolean;
  /** Choice questions; the topic is free text. */
  options?: readonly { value: string; label: string }[];
  /** The option that asks for the user's own words, and the label of that box. */
  custom?: { option: string; field: "customCallToAction" | "providedHashtags"; label: string; placeholder: string };
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export const GENERATOR_QUESTIONS: readonly GeneratorQuestion[] = [
  {
    key: "topic",
    title: "What is your post about?",
    hint: "Describe the topic, product or news in a sentence or two.",
    required: true,
  },
  {
    key: "tone",
    title: "What tone should it have?",
    hint: "Pick the voice that fits your audience.",
    required: true,
    options: plain(generatorTones),
  },
  {
    key: "length",
    title: "How long should it be?",
    hint: "Shorter posts suit X; longer ones suit LinkedIn and Facebook.",
    required: true,
    options: generatorLengths.map((value) => ({ value, label: generatorLengthLabels[value] })),
  },
  {
    key: "callToAction",
    title: "Should it include a call to action?",
    hint: "Optional: ask readers to do something.",
    required: false,
    options: plain(generatorCallToActions),
    custom: {
      option: "Yes - Custom",
      field: "customCallToAction",
      label: "Your call to action",
      placeholder: "e.g. Book your table today",
    },
  },
  {
    key: "hashtags",
    title: "Should it include hashtags?",
    hint: "Optional: let the AI pick them, or give your own.",
    required: false,
    options: plain(generatorHashtagOptions),
    custom: {
      option: "Yes - I'll provide them",
      field: "providedHashtags",
      label: "Your hashtags",
      placeholder: "e.g. #bakery #sourdough",
    },
  },
];

/** Why the answer to `question` cannot be accepted yet, or null. */
export function questionError(question: GeneratorQuestion, draft: GeneratorDraft): string | null {
  if (question.key === "topic") {
    const result = generatorAnswersSchema.shape.topic.safeParse(draft.topic);
    return result.success ? null : (result.error.issues[0]?.message ?? AI_MESSAGES.answerRequired);
  }
  const value = draft[question.key];
  if (question.required && !value) return AI_MESSAGES.answerRequired;
  if (question.custom && value === question.custom.option && !draft[question.custom.field].trim()) {
    return AI_MESSAGES.answerRequired;
  }
  return null;
}

/** The answers as the API takes them; unanswered optional questions mean "No". */
export function toAnswers(draft: GeneratorDraft): GeneratorAnswers {
  const callToAction = (draft.callToAction || "No") as GeneratorAnswers["callToAction"];
  const hashtags = (draft.hashtags || "No") as GeneratorAnswers["hashtags"];
  return {
    topic: draft.topic.trim(),
    tone: draft.tone as GeneratorAnswers["tone"],
    length: draft.length as GeneratorAnswers["length"],
    callToAction,
    customCallToAction: callToAction === "Yes - Custom" ? draft.customCallToAction.trim() : null,
    hashtags,
    providedHashtags: hashtags === "Yes - I'll provide them" ? draft.providedHashtags.trim() : null,
  };
}
