import type { Language } from '@shared/limits';

// The built-in privacy policy (Markdown), served until an administrator saves their own text for a language.
// `{email}` stands for the privacy contact address (PRIVACY_EMAIL). It must stay true to what Souvenir stores:
// see docs/privacy.md and the privacy section of the architecture brief.

const en = `Souvenir is a journaling companion: you talk about your day with a gentle agent, and the conversation becomes an artwork — a memory — kept in your private gallery. This policy explains what we collect, why, how we protect it, and what you can ask of us.

## What we collect

**Your account and profile.** Your e-mail address, your password (stored only as a one-way hash, never readable), your first name, your preferred language, and — if you give them — your gender and your profile picture (avatar). We also keep biographical information you choose to share in your profile, and technical details of your sign-in sessions (when they started, the browser and the network address they came from) so that you stay signed in and we can protect your account.

**What you create.** For each memory: its title, its reflection, the artwork and the description it was drawn from, its date, whether you marked it as a favourite, and — only if you share it — the secret link that makes it visible. We also count the days on which you journaled and the memories made each day, to apply the free first session and the daily limit.

**Your conversations stay with you.** The text of your conversations with the agent is **never stored on our servers** — not in our database, not in files, not in our logs. Each message is relayed to the service that writes the agent's reply and then forgotten. Your conversation is kept only in your own browser, on the device you used, so that you can read it again from a memory; it is erased from that browser when you sign out. Voice messages are likewise relayed for transcription and not kept.

**If you choose to keep your conversations on every device**, each conversation is encrypted in your browser before it leaves it (AES-256-GCM), with a key made from a passphrase you choose, and from a recovery key shown to you once. We store only the encrypted text, its size and date, and your key locked by those two secrets — never the passphrase, the recovery key or the key itself, so **nobody at Souvenir, and nobody who obtained our database, can read them**. Only you can read them, on a device where you typed your passphrase or your recovery key; that device keeps the key in a form its own pages can use but not read out, and signing out erases the conversations and the key from that browser. If you forget both the passphrase and the recovery key, nobody can open them again. Turning this off, or closing your account, deletes them from our servers. If you say "Not now" to this offer, we record only that answer, so that no other device asks again.

**What the agent remembers.** To give continuity from one day to the next, the agent receives with each day's conversation a few lines built only from what we already keep: the titles, reflections, dates and moods of your most recent memories and, if you allow it, a few facts you wrote for it to remember. Never the text of an earlier conversation. These lines go, with the day's conversation, to the service that writes the agent's replies (and to no one else). The memories are included from your first one; the facts only once you allow it in your profile. Your profile shows exactly what is sent; you can remove any item or switch this off.

**Communications.** The support tickets you send us and our answers, and the e-mails we send you (account confirmation, password reset, answers to your tickets, gentle reminders).

**Payments.** If you subscribe, payment is handled by our payment provider (Stripe). We keep your subscription's status and period and the provider's reference numbers; we never see or store your card number.

## How we use it

- To provide the service: hold your conversations while they happen, create your memories, keep your gallery, and share a memory when you ask.
- To improve the service, from counts and errors only — never from the content of your conversations.
- To maintain your account and keep it secure.
- To process transactions and manage your subscription.
- To send you notices: account messages, changes to this policy, and reminders (which you can turn off).
- To answer your questions and provide customer service through support tickets.

We do not sell your data, and we do not use your conversations or memories for advertising.

## Who processes it for us

To write the agent's replies, the titles and reflections, the artworks and voice transcriptions, Souvenir may use an artificial-intelligence provider. What is sent to it is only what is needed for that request (the day's conversation, or a recording), and we do not keep it afterwards. Files may be stored with a storage provider, e-mails sent through an e-mail provider, and payments handled by Stripe. Each acts only on our instructions.

## How we protect it

- All traffic to Souvenir is encrypted (HTTPS) in production.
- Passwords are stored as salted hashes; sessions are random tokens in secure, HTTP-only cookies.
- Every request is checked on our server: nobody else can read, change or delete your memories, and a shared link shows only the artwork, its title, date and reflection — never your conversation or your name.
- Images are stored under unguessable addresses; shared links use 256-bit random tokens you can revoke at any time.
- Access to administrative tools is limited to authorised staff and recorded.

No system is perfectly secure, but we design Souvenir so that the most personal part — your conversations — is never on our servers in a form we can read.

## Your rights

You can, at any time:

- **Access** your data and **take it with you** (data portability): download everything we hold about you from your profile, with your memories' images. Conversations you keep on every device are in it encrypted, with a note on how to decrypt them; the profile also makes a readable copy of them on your device, decrypted there.
- **Correct** your profile information.
- **Delete** any memory, or close your account, which erases your profile, memories and their images, kept conversations, tickets and sessions.
- **Object to** or restrict a processing, for example reminders.
- Withdraw a shared link.

To exercise a right or ask a question, write to **{email}**. We answer within one month. You may also contact your data-protection authority.

## Changes

If we change this policy, we will say so in the app and, for important changes, by e-mail.

## Contact

Privacy questions: **{email}**.
`;

const fr = `Souvenir est un compagnon de journal : tu racontes ta journée à un agent bienveillant, et la conversation devient une œuvre — un souvenir — gardée dans ta galerie privée. Cette politique explique ce que nous collectons, pourquoi, comment nous le protégeons et ce que tu peux nous demander.

## Ce que nous collectons

**Ton compte et ton profil.** Ton adresse e-mail, ton mot de passe (conservé uniquement sous forme d’empreinte irréversible, jamais lisible), ton prénom, ta langue préférée et — si tu les indiques — ton genre et ta photo de profil (avatar). Nous conservons aussi les informations biographiques que tu choisis de partager dans ton profil, ainsi que des détails techniques de tes sessions de connexion (leur début, le navigateur et l’adresse réseau d’origine) pour que ta session reste ouverte et pour protéger ton compte.

**Ce que tu crées.** Pour chaque souvenir : son titre, sa réflexion, l’œuvre et la description dont elle est tirée, sa date, s’il fait partie de tes favoris et — seulement si tu le partages — le lien secret qui le rend visible. Nous comptons aussi les jours où tu as tenu ton journal et les souvenirs créés chaque jour, pour appliquer la première séance gratuite et la limite quotidienne.

**Tes conversations restent chez toi.** Le texte de tes conversations avec l’agent n’est **jamais enregistré sur nos serveurs** — ni dans notre base de données, ni dans des fichiers, ni dans nos journaux. Chaque message est transmis au service qui rédige la réponse de l’agent, puis oublié. Ta conversation est conservée uniquement dans ton propre navigateur, sur l’appareil utilisé, pour que tu puisses la relire depuis un souvenir ; elle en est effacée quand tu te déconnectes. Les messages vocaux sont de même transmis pour être transcrits, et ne sont pas conservés.

**Si tu choisis de garder tes conversations sur tous tes appareils**, chaque conversation est chiffrée dans ton navigateur avant d’en sortir (AES-256-GCM), avec une clé tirée d’une phrase secrète que tu choisis, et d’une clé de secours qui ne t’est montrée qu’une fois. Nous ne conservons que le texte chiffré, sa taille et sa date, et ta clé verrouillée par ces deux secrets — jamais la phrase secrète, la clé de secours ni la clé elle-même : **personne chez Souvenir, ni personne qui aurait obtenu notre base de données, ne peut les lire**. Toi seul·e peux les lire, sur un appareil où tu as saisi ta phrase secrète ou ta clé de secours ; cet appareil garde la clé sous une forme que ses propres pages peuvent utiliser mais pas lire, et te déconnecter efface de ce navigateur les conversations et la clé. Si tu oublies à la fois la phrase secrète et la clé de secours, plus personne ne pourra les ouvrir. Désactiver cette option, ou fermer ton compte, les supprime de nos serveurs. Si tu réponds « Pas maintenant » à cette proposition, nous n’enregistrons que cette réponse, pour qu’aucun autre appareil ne te la repose.

**Ce dont l’agent se souvient.** Pour assurer une continuité d’un jour à l’autre, l’agent reçoit avec la conversation du jour quelques lignes tirées uniquement de ce que nous gardons déjà : les titres, réflexions, dates et humeurs de tes souvenirs les plus récents et, si tu l’autorises, quelques faits que tu lui as demandé de retenir. Jamais le texte d’une conversation précédente. Ces lignes partent, avec la conversation du jour, vers le service qui écrit les réponses de l’agent (et vers personne d’autre). Les souvenirs y figurent dès le premier ; les faits seulement une fois que tu l’as autorisé dans ton profil. Ton profil montre exactement ce qui est envoyé ; tu peux retirer chaque élément ou désactiver la continuité.

**Les échanges.** Les tickets d’assistance que tu nous envoies et nos réponses, ainsi que les e-mails que nous t’envoyons (confirmation de compte, réinitialisation du mot de passe, réponses à tes tickets, rappels bienveillants).

**Les paiements.** Si tu t’abonnes, le paiement est géré par notre prestataire de paiement (Stripe). Nous conservons l’état et la période de ton abonnement et les références du prestataire ; nous ne voyons ni ne conservons jamais ton numéro de carte.

## Comment nous l’utilisons

- Pour fournir le service : porter tes conversations pendant qu’elles ont lieu, créer tes souvenirs, garder ta galerie et partager un souvenir quand tu le demandes.
- Pour améliorer le service, uniquement à partir de comptages et d’erreurs — jamais du contenu de tes conversations.
- Pour gérer ton compte et le sécuriser.
- Pour traiter les transactions et gérer ton abonnement.
- Pour t’envoyer des avis : messages liés au compte, changements de cette politique et rappels (que tu peux désactiver).
- Pour répondre à tes questions et t’accompagner via les tickets d’assistance.

Nous ne vendons pas tes données et n’utilisons ni tes conversations ni tes souvenirs à des fins publicitaires.

## Qui les traite pour nous

Pour rédiger les réponses de l’agent, les titres et réflexions, les œuvres et les transcriptions vocales, Souvenir peut faire appel à un prestataire d’intelligence artificielle. Seul ce qui est nécessaire à la demande lui est transmis (la conversation du jour, ou un enregistrement), et nous ne le conservons pas ensuite. Les fichiers peuvent être stockés chez un prestataire de stockage, les e-mails envoyés par un prestataire d’e-mail, et les paiements gérés par Stripe. Chacun agit uniquement selon nos instructions.

## Comment nous les protégeons

- Tous les échanges avec Souvenir sont chiffrés (HTTPS) en production.
- Les mots de passe sont conservés sous forme d’empreintes salées ; les sessions sont des jetons aléatoires dans des cookies sécurisés, inaccessibles aux scripts.
- Chaque requête est vérifiée sur notre serveur : personne d’autre ne peut lire, modifier ou supprimer tes souvenirs, et un lien partagé ne montre que l’œuvre, son titre, sa date et sa réflexion — jamais ta conversation ni ton nom.
- Les images sont stockées à des adresses impossibles à deviner ; les liens de partage utilisent des jetons aléatoires de 256 bits que tu peux révoquer à tout moment.
- L’accès aux outils d’administration est réservé aux personnes autorisées et tracé.

Aucun système n’est parfaitement sûr, mais nous concevons Souvenir pour que la partie la plus intime — tes conversations — ne soit jamais sur nos serveurs sous une forme que nous puissions lire.

## Tes droits

Tu peux, à tout moment :

- **Accéder** à tes données et **les emporter** (portabilité) : télécharger depuis ton profil tout ce que nous détenons sur toi, avec les images de tes souvenirs. Les conversations que tu gardes sur tous tes appareils y figurent chiffrées, avec une note expliquant comment les déchiffrer ; ton profil en fait aussi une copie lisible sur ton appareil, déchiffrée sur place.
- **Rectifier** les informations de ton profil.
- **Supprimer** un souvenir, ou fermer ton compte, ce qui efface ton profil, tes souvenirs et leurs images, tes conversations gardées, tes tickets et tes sessions.
- **T’opposer** à un traitement ou le limiter, par exemple les rappels.
- Retirer un lien de partage.

Pour exercer un droit ou poser une question, écris à **{email}**. Nous répondons sous un mois. Tu peux aussi t’adresser à l’autorité de protection des données (en France, la CNIL).

## Changements

Si nous modifions cette politique, nous te le dirons dans l’application et, pour les changements importants, par e-mail.

## Contact

Questions sur la vie privée : **{email}**.
`;

/** French typography: a non-breaking space before : ; ! ? (written with ordinary spaces above for legibility). */
const frenchSpacing = (text: string) => text.replace(/ ([:;!?])/g, '\u00a0$1');

export const DEFAULT_PRIVACY_POLICY: Record<Language, string> = { en, fr: frenchSpacing(fr) };
