/**
 * The chat feature's public surface (docs/architecture.md "Feature boundaries"): the key shared by
 * the copies of one group message, and the read receipt sent to a message's sender (both used by
 * the notifications feature, which sends and marks messages read).
 */
export { newGroupMessageKey, publishMessageRead } from './chat.service';
