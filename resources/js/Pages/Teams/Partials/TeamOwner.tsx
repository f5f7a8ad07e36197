import type { TeamUser } from '../../../../../server/presenters/team-presenter';
import InputLabel from '@/Components/InputLabel';

/** "Team Owner": photo, name and e-mail, as the team forms show it. */
export default function TeamOwner({ owner }: { owner: Pick<TeamUser, 'name' | 'email' | 'profile_photo_url'> }) {
  return (
    <div className="col-span-6">
      <InputLabel value="Team Owner" />
      <div className="mt-2 flex items-center">
        <img className="size-12 rounded-full object-cover" src={owner.profile_photo_url} alt="" />
        <div className="ms-4 leading-tight">
          <div className="text-gray-900">{owner.name}</div>
          <div className="text-sm text-gray-700">{owner.email}</div>
        </div>
      </div>
    </div>
  );
}
