import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OpenID provider for the single sign-on spec (the `oidc-provider` package, certified by
 * the OpenID Foundation), on a loopback port of its own. Its development sign-in form takes any
 * login name and password: the login name picks one of `people`, whose claims it then asserts.
 */
export type OidcPerson = { email: string; name: string; groups: string[] };

export type TestOidcProvider = { issuer: string; close: () => Promise<void> };

export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  people: Record<string, OidcPerson>;
}): Promise<TestOidcProvider> {
  const { default: Provider } = await import("oidc-provider");
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // Asked once per browser context: the spec's people each sign in from a fresh one.
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const person = options.people[id];
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: person.email,
            email_verified: true,
            name: person.name,
            groups: person.groups,
          };
        },
      };
    },
  });
  handler = provider.callback();
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
