/** The push feature's query keys. */
export const pushKeys = {
  /** This device's operator alerts (its endpoint, and the server's switch for it). */
  operatorAlerts: ['push', 'operator-alerts'] as const,
};
