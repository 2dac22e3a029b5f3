import { describe, expect, it } from 'vitest';
import {
  findCommandRoute,
  offlineCommandNames,
  offlineCommandRoutes,
  permitDomainCommandRoutes,
} from '@hasp/contracts';
import { offlineAppliers } from './offline-appliers';

/**
 * The device side of "declared once": every offline command a route declares is applied on the
 * device by its domain's applier, and the offline source recognises the URL the page posts to.
 */
describe('offline appliers composed for the permit page', () => {
  const domainOf = (name: string) => name.slice(0, name.indexOf('.'));

  it('applies every offline command but the creation (queued by the create form) in exactly one domain', () => {
    const domains = offlineAppliers.map((applier) => applier.domain);
    expect(new Set(domains).size).toBe(domains.length);
    for (const name of offlineCommandNames.filter((n) => n !== 'permit.create'))
      expect(domains, `${name} has an offline applier`).toContain(domainOf(name));
    // No applier waits for commands nobody declares.
    for (const domain of domains) expect(offlineCommandNames.map(domainOf)).toContain(domain);
  });

  it('recognises each offline route from the path the page posts to, for a server id and a local one', () => {
    for (const route of offlineCommandRoutes.filter((r) => r.name !== 'permit.create')) {
      for (const id of [42, -7]) {
        const path = route.path.replace(/^\//, '').replace(/:\w+/, String(id));
        const found = findCommandRoute(permitDomainCommandRoutes, path);
        expect(found?.route.name, path).toBe(route.name);
        expect(found?.urlId).toBe(id);
      }
    }
    // Not a command: the page's reads, and a step only the server takes.
    expect(findCommandRoute(permitDomainCommandRoutes, 'permits/42/tags')).toBeNull();
    expect(findCommandRoute(permitDomainCommandRoutes, 'permits/42/commands/approve')?.route.offline).toBe(false);
  });
});
