/** The galaxy's query keys. */
export const galaxyKeys = {
  standing: ['galaxy'] as const,
};
