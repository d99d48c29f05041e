/** The three bars per platform of 'Engagement by Platform', in the order of the legend and the table. */
export const engagementSeries = [
  { key: "likes", label: "Likes" },
  { key: "comments", label: "Comments" },
  { key: "shares", label: "Shares" },
] as const;
