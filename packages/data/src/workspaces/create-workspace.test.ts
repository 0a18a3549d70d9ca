import { describe, expect, it } from 'vitest';
import { createUser, uniqueSlug } from '../../tests/helpers.ts';
import { createWorkspace } from './create-workspace.ts';
import { getWorkspaceBySlug } from './get-workspace-by-slug.ts';
import { listWorkspaces } from './list-workspaces.ts';
import { renameWorkspace } from './rename-workspace.ts';

describe('workspaces', () => {
  it('creates a workspace owned by the caller and lists it with the role', async () => {
    const ada = await createUser('Ada');
    const slug = uniqueSlug();
    const created = await createWorkspace(ada.client, { name: ' Acme ', slug });
    expect(created).toMatchObject({ name: 'Acme', slug, created_by: ada.id });
    expect(await listWorkspaces(ada.client)).toEqual([{ ...created, role: 'owner' }]);
    expect(await getWorkspaceBySlug(ada.client, { slug })).toEqual(created);
  });

  it('answers a taken slug with SLUG_TAKEN on the slug field', async () => {
    const [ada, bo] = [await createUser('Ada'), await createUser('Bo')];
    const slug = uniqueSlug();
    await createWorkspace(ada.client, { name: 'One', slug });
    await expect(createWorkspace(bo.client, { name: 'Two', slug })).rejects.toMatchObject({
      code: 'SLUG_TAKEN',
      field: 'slug',
    });
  });

  it('refuses a reserved slug before calling the server', async () => {
    const ada = await createUser('Ada');
    await expect(createWorkspace(ada.client, { name: 'x', slug: 'settings' })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'slug',
    });
  });

  it('hides other people’s workspaces: NOT_FOUND', async () => {
    const [ada, bo] = [await createUser('Ada'), await createUser('Bo')];
    const slug = uniqueSlug();
    await createWorkspace(ada.client, { name: 'Private', slug });
    await expect(getWorkspaceBySlug(bo.client, { slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await listWorkspaces(bo.client)).toEqual([]);
  });

  it('renames as owner; NOT_FOUND for outsiders', async () => {
    const [ada, bo] = [await createUser('Ada'), await createUser('Bo')];
    const created = await createWorkspace(ada.client, { name: 'Old', slug: uniqueSlug() });
    expect((await renameWorkspace(ada.client, { workspaceId: created.id, name: 'New' })).name).toBe('New');
    await expect(renameWorkspace(bo.client, { workspaceId: created.id, name: 'Mine' })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
  });
});
