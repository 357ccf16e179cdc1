/** One card of an expandable grid: a title, a description and a list shown when the card is open. */
export interface ExpandableItem {
  id: string;
  title: string;
  description: string;
  details: readonly string[];
}

/** One question of an FAQ list. */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  /** Optional numbered steps shown after the answer. */
  steps?: readonly string[];
  /** The label of a link to the product demo video, shown after the answer when one is configured. */
  demoVideoLink?: string;
}
