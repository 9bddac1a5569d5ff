import { sha256Hex } from '../hash.ts';

/**
 * The short name of an incident on its buttons: the first 32 hex digits (128 bits) of SHA-256 over the incident
 * key. The key holds cluster and node labels and can be any length; a Block Kit button value holds at most
 * 2,000 characters. The responder finds the open incident whose key gives this reference (`INCIDENT_REF`).
 */
export function incidentRef(key: string): string {
  return sha256Hex(key).slice(0, 32);
}

/** The button value for an incident: `incident:<ref>`, 41 characters whatever the key. */
export function incidentButtonValue(key: string): string {
  return `incident:${incidentRef(key)}`;
}
