/** Every query of the monthly review starts with this key. */
export const monthlyReviewRootKey = ['monthlyReview'] as const;
