// Settings › Organization › Members: the organization's members with their roles (change, remove),
// and invitations by link (create, the open ones, withdraw). Organizations own projects, so a member
// has their role in every project of the organization. Only what the viewer may do gets a control;
// the rest says why not. The use cases (app/accounts/members.ts, invitations.ts) check it again.
//
// Like a new token, a new invitation link is shown once, in the answer to the form that created it.
import type { InvitationRecord, MembershipRecord, UserRecord } from '../../../app/ports/accounts.js';
import { INVITATION_DAYS } from '../../../app/accounts/invitations.js';
import { mayAssign, ROLE_DESCRIPTIONS, ROLES, type Role } from '../../../domain/access.js';
import { Badge, CopyField, Notice, PostForm, Table, Time } from '../components.js';
import { settingsPath } from './frame.js';

export interface MembersPageProps {
  slug: string;
  organizationName: string;
  /** How many projects the organization has: the roles apply to all of them. */
  projectCount: number;
  members: MembershipRecord[];
  invitations: InvitationRecord[];
  actor: { user: UserRecord; role: Role };
  csrf: string;
  /** The invitation just created: this answer is the only time its link is shown. */
  created?: { invitation: InvitationRecord; link: string };
  notice?: { kind: 'ok' | 'error'; text: string };
  /** What the invitation form held, when it was refused. */
  invite?: { role: string; email: string };
}

const who = (m: { name: string; email: string }) => m.name || m.email;

/** Why the viewer may not change this member's role or remove them; null when they may. */
function lockedBecause(member: MembershipRecord, actor: Role, owners: number): string | null {
  if (!mayAssign(actor, member.role)) return "Only an owner may change an owner's role or remove an owner.";
  if (member.role === 'owner' && owners <= 1) return 'The only owner: make someone else an owner first.';
  return null;
}

function MemberRow({ member, props, owners }: { member: MembershipRecord; props: MembersPageProps; owners: number }) {
  const { slug, csrf, actor } = props;
  const locked = lockedBecause(member, actor.role, owners);
  const you = member.userId === actor.user.id;
  const base = `${settingsPath(slug, 'members')}/${member.userId}`;
  const assignable = ROLES.filter((r) => mayAssign(actor.role, r));
  const selectId = `role-${member.userId}`;
  return (
    <tr>
      <td>
        {member.name || <span class="muted">(no name)</span>}
        {you ? <span class="muted"> (you)</span> : null}
      </td>
      <td>{member.email}</td>
      <td>
        {locked ? (
          <>
            <Badge value={`role-${member.role}`} label={member.role} />
            <br />
            <small class="muted">{locked}</small>
          </>
        ) : (
          <PostForm action={`${base}/role`} csrf={csrf} class="row">
            <label for={selectId} class="visually-hidden">
              Role of {who(member)}
            </label>
            <select id={selectId} name="role">
              {assignable.map((r) => (
                <option value={r} selected={r === member.role}>
                  {r}
                </option>
              ))}
            </select>
            <button type="submit" class="secondary" aria-label={`Save the role of ${who(member)}`}>
              Save
            </button>
          </PostForm>
        )}
      </td>
      <td>
        <Time at={member.createdAt} />
      </td>
      <td>
        {locked ? null : (
          <PostForm
            action={`${base}/remove`}
            csrf={csrf}
            class="inline"
            confirm={
              you
                ? `Leave ${props.organizationName}? You lose access to all of its projects.`
                : `Remove ${who(member)} (${member.email}) from ${props.organizationName}? They lose access to all of its projects.`
            }
          >
            <button
              type="submit"
              class="danger"
              aria-label={you ? `Leave ${props.organizationName}` : `Remove ${who(member)}`}
            >
              {you ? 'Leave' : 'Remove'}
            </button>
          </PostForm>
        )}
      </td>
    </tr>
  );
}

function CreatedInvitation({ created }: { created: { invitation: InvitationRecord; link: string } }) {
  const { invitation, link } = created;
  return (
    <section class="created" aria-labelledby="created">
      <h2 id="created">New invitation link</h2>
      <Notice kind="ok">
        Copy the link now and send it to the person you invite: it is shown only this once. It makes whoever opens it a{' '}
        <strong>{invitation.role}</strong>
        {invitation.email ? ` (only for ${invitation.email})` : ''}, works once, and expires{' '}
        <Time at={invitation.expiresAt} /> ({INVITATION_DAYS} days).
      </Notice>
      <CopyField id="new-invitation" label={`Invitation link (${invitation.role})`} value={link} />
    </section>
  );
}

function InvitationRow({ invitation, props }: { invitation: InvitationRecord; props: MembersPageProps }) {
  const may = mayAssign(props.actor.role, invitation.role);
  return (
    <tr>
      <td>
        <Badge value={`role-${invitation.role}`} label={invitation.role} />
      </td>
      <td>{invitation.email ?? <span class="muted">anyone with the link</span>}</td>
      <td>{invitation.createdByName ?? <span class="muted">unknown</span>}</td>
      <td>
        <Time at={invitation.expiresAt} />
      </td>
      <td>
        {may ? (
          <PostForm
            action={`${settingsPath(props.slug, 'invitations')}/${invitation.id}/withdraw`}
            csrf={props.csrf}
            class="inline"
            confirm={`Withdraw this invitation${invitation.email ? ` for ${invitation.email}` : ''}? Its link stops working.`}
          >
            <button
              type="submit"
              class="secondary"
              aria-label={`Withdraw the invitation as ${invitation.role}${invitation.email ? ` for ${invitation.email}` : ''}`}
            >
              Withdraw
            </button>
          </PostForm>
        ) : (
          <small class="muted">Only an owner may withdraw an owner's invitation.</small>
        )}
      </td>
    </tr>
  );
}

export function MembersPage(props: MembersPageProps) {
  const { organizationName, members, invitations, actor, csrf, slug } = props;
  const owners = members.filter((m) => m.role === 'owner').length;
  const assignable = ROLES.filter((r) => mayAssign(actor.role, r));
  const isMember = members.some((m) => m.userId === actor.user.id);
  return (
    <>
      <h1>Members of {organizationName}</h1>
      {props.notice ? <Notice kind={props.notice.kind}>{props.notice.text}</Notice> : null}
      {props.created ? <CreatedInvitation created={props.created} /> : null}
      <p>
        Projects belong to an organization, and so do members: each member below has their role in every project of{' '}
        <strong>{organizationName}</strong>
        {props.projectCount > 1 ? ` (${props.projectCount} projects)` : ''}, not only in this one.
        {actor.role === 'admin'
          ? ' As an admin you handle the roles admin, member and viewer; only an owner handles owners.'
          : ''}
      </p>
      {!isMember && actor.user.isAdmin ? (
        <p class="muted">
          You are a server administrator: you act as an owner of every organization without being one of its members.
        </p>
      ) : null}
      <details id="roles">
        <summary>What each role may do</summary>
        <dl class="facts">
          {ROLES.map((r) => (
            <>
              <dt>{r}</dt>
              <dd>{ROLE_DESCRIPTIONS[r]}</dd>
            </>
          ))}
        </dl>
      </details>

      <h2 id="members">Members</h2>
      <Table caption={`Members of ${organizationName}`} columns={['Name', 'Email', 'Role', 'Member since', '']}>
        {members.map((m) => (
          <MemberRow member={m} props={props} owners={owners} />
        ))}
      </Table>

      <h2 id="invite">Invite someone</h2>
      <p>
        An invitation is a link: whoever opens it creates an account (or signs in) and joins {organizationName} with the
        role you choose. It works once and for {INVITATION_DAYS} days. Goalie sends no email: you pass the link on.
      </p>
      <PostForm action={settingsPath(slug, 'invitations')} csrf={csrf} class="stack">
        <div class="field">
          <label for="invite-role">Role</label>
          <span class="hint" id="invite-role-hint">
            <a href="#roles">What each role may do</a> is listed above.
          </span>
          <select id="invite-role" name="role" aria-describedby="invite-role-hint">
            {assignable.map((r) => (
              <option value={r} selected={(props.invite?.role ?? 'member') === r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <label>
          Email address <span class="hint">optional: the link then works only for this address</span>
          <input type="email" name="email" autoComplete="off" value={props.invite?.email ?? ''} />
        </label>
        <div class="actions">
          <button type="submit">Create invitation link</button>
        </div>
      </PostForm>

      <h2 id="invitations">Open invitations</h2>
      {invitations.length === 0 ? (
        <p class="muted">No open invitations: every link was used, withdrawn or has expired.</p>
      ) : (
        <Table
          caption={`Open invitations to ${organizationName}`}
          columns={['Role', 'For', 'Invited by', 'Expires', '']}
        >
          {invitations.map((i) => (
            <InvitationRow invitation={i} props={props} />
          ))}
        </Table>
      )}
    </>
  );
}
