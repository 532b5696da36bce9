import { BlockList, isIP } from 'node:net';
import { AppError } from '../../app-error';

// Cloud metadata services answer on link-local addresses: an address typed in the AI tab never reaches
// them. Loopback and private networks stay allowed (Ollama, LM Studio and friends run there).
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
LINK_LOCAL.addAddress('fd00:ec2::254', 'ipv6');

/** Refuses an address typed in the AI tab (an endpoint, a model download, or where one redirects) on a link-local host. */
export function requireReachableAddress(baseUrl: string, field: 'baseUrl' | 'url' = 'baseUrl') {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  const version = isIP(host);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1];
  const blocked =
    (version === 4 && LINK_LOCAL.check(host, 'ipv4')) ||
    (version === 6 && LINK_LOCAL.check(host, 'ipv6')) ||
    (mapped !== undefined && LINK_LOCAL.check(mapped, 'ipv4'));
  if (blocked) {
    throw new AppError('VALIDATION_FAILED', 'This address is reserved for the machine’s own services.', { [field]: ['validation.aiBaseUrlBlocked'] });
  }
}

