/** Every devices query (hubs, devices, templates, tablets) starts with this key; mutations invalidate it. */
export const devicesRootKey = ['devices'] as const;
