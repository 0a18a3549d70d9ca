
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '13.0.5'
  }
  "graphql_public": {
          Tables: {
            [_ in never]: never
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "graphql":
{ Args: { "extensions"?: Json,"operationName"?: string,"query"?: string,"variables"?: Json }; Returns: Json
                           }
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            [_ in never]: never
          }
        },"public": {
          Tables: {
            "activity": {
                  Row: {
                    "actor_id": string | null,"board_id": string | null,"created_at": string,"data": NonNullable<Json>,"id": number,"kind": string,"task_id": string | null,"workspace_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"board_id"?: string | null,"created_at"?: string,"data"?: NonNullable<Json>,"id"?: never,"kind": string,"task_id"?: string | null,"workspace_id": string
                  }
                  Update: {
                    "actor_id"?: string | null,"board_id"?: string | null,"created_at"?: string,"data"?: NonNullable<Json>,"id"?: never,"kind"?: string,"task_id"?: string | null,"workspace_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "activity_actor_id_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "activity_board_id_fkey"
      columns: ["board_id"]
isOneToOne: false
      referencedRelation: "boards"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "activity_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "activity_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"attachments": {
                  Row: {
                    "created_at": string,"file_name": string,"height": number | null,"id": string,"mime_type": string,"object_path": string,"size_bytes": number,"task_id": string,"uploaded_by": string | null,"width": number | null
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"file_name": string,"height"?: number | null,"id"?: string,"mime_type": string,"object_path": string,"size_bytes": number,"task_id": string,"uploaded_by"?: string | null,"width"?: number | null
                  }
                  Update: {
                    "created_at"?: string,"file_name"?: string,"height"?: number | null,"id"?: string,"mime_type"?: string,"object_path"?: string,"size_bytes"?: number,"task_id"?: string,"uploaded_by"?: string | null,"width"?: number | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "attachments_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "attachments_uploaded_by_fkey"
      columns: ["uploaded_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"board_task_counters": {
                  Row: {
                    "board_id": string,"last_number": number
                  }
                  ComputedFields: never
                  Insert: {
                    "board_id": string,"last_number": number
                  }
                  Update: {
                    "board_id"?: string,"last_number"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "board_task_counters_board_id_fkey"
      columns: ["board_id"]
isOneToOne: true
      referencedRelation: "boards"
      referencedColumns: ["id"]
    }
                  ]
                },"board_watchers": {
                  Row: {
                    "board_id": string,"created_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "board_id": string,"created_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "board_id"?: string,"created_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "board_watchers_board_id_fkey"
      columns: ["board_id"]
isOneToOne: false
      referencedRelation: "boards"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "board_watchers_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"boards": {
                  Row: {
                    "archived_at": string | null,"created_at": string,"created_by": string | null,"description": string,"id": string,"name": string,"updated_at": string,"workspace_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "archived_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"description"?: string,"id"?: string,"name": string,"updated_at"?: string,"workspace_id": string
                  }
                  Update: {
                    "archived_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"description"?: string,"id"?: string,"name"?: string,"updated_at"?: string,"workspace_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "boards_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "boards_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"checklist_items": {
                  Row: {
                    "body": string,"checklist": string,"created_at": string,"created_by": string | null,"done": boolean,"id": string,"position": string,"task_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "body": string,"checklist"?: string,"created_at"?: string,"created_by"?: string | null,"done"?: boolean,"id"?: string,"position": string,"task_id": string,"updated_at"?: string
                  }
                  Update: {
                    "body"?: string,"checklist"?: string,"created_at"?: string,"created_by"?: string | null,"done"?: boolean,"id"?: string,"position"?: string,"task_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "checklist_items_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "checklist_items_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    }
                  ]
                },"columns": {
                  Row: {
                    "board_id": string,"created_at": string,"id": string,"is_done": boolean,"name": string,"position": string,"wip_limit": number | null,"task_count": number | null
                  }
                  ComputedFields: "task_count"
                  Insert: {
                    "board_id": string,"created_at"?: string,"id"?: string,"is_done"?: boolean,"name": string,"position": string,"wip_limit"?: number | null
                  }
                  Update: {
                    "board_id"?: string,"created_at"?: string,"id"?: string,"is_done"?: boolean,"name"?: string,"position"?: string,"wip_limit"?: number | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "columns_board_id_fkey"
      columns: ["board_id"]
isOneToOne: false
      referencedRelation: "boards"
      referencedColumns: ["id"]
    }
                  ]
                },"comments": {
                  Row: {
                    "author_id": string | null,"body": string,"created_at": string,"deleted_at": string | null,"edited_at": string | null,"id": string,"task_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "author_id"?: string | null,"body": string,"created_at"?: string,"deleted_at"?: string | null,"edited_at"?: string | null,"id"?: string,"task_id": string
                  }
                  Update: {
                    "author_id"?: string | null,"body"?: string,"created_at"?: string,"deleted_at"?: string | null,"edited_at"?: string | null,"id"?: string,"task_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "comments_author_id_fkey"
      columns: ["author_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "comments_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    }
                  ]
                },"email_outbox": {
                  Row: {
                    "attempts": number,"created_at": string,"id": number,"idempotency_key": string,"kind": string,"last_error": string | null,"next_attempt_at": string,"notification_id": string | null,"sent_at": string | null,"status": string,"user_id": string,"workspace_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "attempts"?: number,"created_at"?: string,"id"?: never,"idempotency_key": string,"kind": string,"last_error"?: string | null,"next_attempt_at"?: string,"notification_id"?: string | null,"sent_at"?: string | null,"status"?: string,"user_id": string,"workspace_id"?: string | null
                  }
                  Update: {
                    "attempts"?: number,"created_at"?: string,"id"?: never,"idempotency_key"?: string,"kind"?: string,"last_error"?: string | null,"next_attempt_at"?: string,"notification_id"?: string | null,"sent_at"?: string | null,"status"?: string,"user_id"?: string,"workspace_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "email_outbox_notification_id_fkey"
      columns: ["notification_id"]
isOneToOne: false
      referencedRelation: "notifications"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "email_outbox_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "email_outbox_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"invitation_emails": {
                  Row: {
                    "email": string,"id": number,"sent_at": string,"workspace_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "email": string,"id"?: never,"sent_at"?: string,"workspace_id": string
                  }
                  Update: {
                    "email"?: string,"id"?: never,"sent_at"?: string,"workspace_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "invitation_emails_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"invitations": {
                  Row: {
                    "accepted_by": string | null,"created_at": string,"email": string,"expires_at": string,"id": string,"invited_by": string | null,"responded_at": string | null,"role": Database["public"]['Enums']["workspace_role"],"status": Database["public"]['Enums']["invitation_status"],"token_hash": string,"workspace_id": string,"assert_invitation_pending": undefined | null
                  }
                  ComputedFields: "assert_invitation_pending"
                  Insert: {
                    "accepted_by"?: string | null,"created_at"?: string,"email": string,"expires_at"?: string,"id"?: string,"invited_by"?: string | null,"responded_at"?: string | null,"role"?: Database["public"]['Enums']["workspace_role"],"status"?: Database["public"]['Enums']["invitation_status"],"token_hash": string,"workspace_id": string
                  }
                  Update: {
                    "accepted_by"?: string | null,"created_at"?: string,"email"?: string,"expires_at"?: string,"id"?: string,"invited_by"?: string | null,"responded_at"?: string | null,"role"?: Database["public"]['Enums']["workspace_role"],"status"?: Database["public"]['Enums']["invitation_status"],"token_hash"?: string,"workspace_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "invitations_accepted_by_fkey"
      columns: ["accepted_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "invitations_invited_by_fkey"
      columns: ["invited_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "invitations_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"labels": {
                  Row: {
                    "board_id": string,"color": string,"created_at": string,"id": string,"name": string
                  }
                  ComputedFields: never
                  Insert: {
                    "board_id": string,"color"?: string,"created_at"?: string,"id"?: string,"name": string
                  }
                  Update: {
                    "board_id"?: string,"color"?: string,"created_at"?: string,"id"?: string,"name"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "labels_board_id_fkey"
      columns: ["board_id"]
isOneToOne: false
      referencedRelation: "boards"
      referencedColumns: ["id"]
    }
                  ]
                },"notification_email_failures": {
                  Row: {
                    "attempts": number,"failed_at": string,"id": number,"kind": string,"last_error": string | null,"outbox_id": number,"user_id": string,"workspace_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "attempts": number,"failed_at"?: string,"id"?: never,"kind": string,"last_error"?: string | null,"outbox_id": number,"user_id": string,"workspace_id": string
                  }
                  Update: {
                    "attempts"?: number,"failed_at"?: string,"id"?: never,"kind"?: string,"last_error"?: string | null,"outbox_id"?: number,"user_id"?: string,"workspace_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "notification_email_failures_outbox_id_fkey"
      columns: ["outbox_id"]
isOneToOne: false
      referencedRelation: "email_outbox"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "notification_email_failures_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "notification_email_failures_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"notification_preferences": {
                  Row: {
                    "delivery": string,"kind": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "delivery": string,"kind": string,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "delivery"?: string,"kind"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "notification_preferences_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"notifications": {
                  Row: {
                    "actor_id": string | null,"created_at": string,"data": NonNullable<Json>,"emailed_at": string | null,"id": string,"kind": string,"read_at": string | null,"task_id": string | null,"updated_at": string,"user_id": string,"workspace_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"created_at"?: string,"data"?: NonNullable<Json>,"emailed_at"?: string | null,"id"?: string,"kind": string,"read_at"?: string | null,"task_id"?: string | null,"updated_at"?: string,"user_id": string,"workspace_id"?: string | null
                  }
                  Update: {
                    "actor_id"?: string | null,"created_at"?: string,"data"?: NonNullable<Json>,"emailed_at"?: string | null,"id"?: string,"kind"?: string,"read_at"?: string | null,"task_id"?: string | null,"updated_at"?: string,"user_id"?: string,"workspace_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "notifications_actor_id_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "notifications_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "notifications_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "notifications_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"profiles": {
                  Row: {
                    "avatar_path": string | null,"created_at": string,"display_name": string,"id": string,"time_zone": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "avatar_path"?: string | null,"created_at"?: string,"display_name": string,"id": string,"time_zone"?: string,"updated_at"?: string
                  }
                  Update: {
                    "avatar_path"?: string | null,"created_at"?: string,"display_name"?: string,"id"?: string,"time_zone"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"task_labels": {
                  Row: {
                    "created_at": string,"label_id": string,"task_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"label_id": string,"task_id": string
                  }
                  Update: {
                    "created_at"?: string,"label_id"?: string,"task_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "task_labels_label_id_fkey"
      columns: ["label_id"]
isOneToOne: false
      referencedRelation: "labels"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "task_labels_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    }
                  ]
                },"task_watchers": {
                  Row: {
                    "created_at": string,"task_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"task_id": string,"user_id"?: string
                  }
                  Update: {
                    "created_at"?: string,"task_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "task_watchers_task_id_fkey"
      columns: ["task_id"]
isOneToOne: false
      referencedRelation: "tasks"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "task_watchers_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"tasks": {
                  Row: {
                    "archived_at": string | null,"assignee_id": string | null,"attachment_count": number,"board_id": string,"checklist_done": number,"checklist_total": number,"column_id": string,"comment_count": number,"completed_at": string | null,"cover_attachment_id": string | null,"created_at": string,"created_by": string | null,"description": string,"due_on": string | null,"id": string,"number": number,"position": string,"priority": Database["public"]['Enums']["task_priority"],"title": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "archived_at"?: string | null,"assignee_id"?: string | null,"attachment_count"?: number,"board_id": string,"checklist_done"?: number,"checklist_total"?: number,"column_id": string,"comment_count"?: number,"completed_at"?: string | null,"cover_attachment_id"?: string | null,"created_at"?: string,"created_by"?: string | null,"description"?: string,"due_on"?: string | null,"id"?: string,"number": number,"position": string,"priority"?: Database["public"]['Enums']["task_priority"],"title": string,"updated_at"?: string
                  }
                  Update: {
                    "archived_at"?: string | null,"assignee_id"?: string | null,"attachment_count"?: number,"board_id"?: string,"checklist_done"?: number,"checklist_total"?: number,"column_id"?: string,"comment_count"?: number,"completed_at"?: string | null,"cover_attachment_id"?: string | null,"created_at"?: string,"created_by"?: string | null,"description"?: string,"due_on"?: string | null,"id"?: string,"number"?: number,"position"?: string,"priority"?: Database["public"]['Enums']["task_priority"],"title"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "tasks_assignee_id_fkey"
      columns: ["assignee_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "tasks_board_id_fkey"
      columns: ["board_id"]
isOneToOne: false
      referencedRelation: "boards"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "tasks_column_on_board"
      columns: ["board_id","column_id"]
isOneToOne: false
      referencedRelation: "columns"
      referencedColumns: ["board_id","id"]
    },{
      foreignKeyName: "tasks_cover_attachment_id_fkey"
      columns: ["cover_attachment_id"]
isOneToOne: false
      referencedRelation: "attachments"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "tasks_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"workspace_members": {
                  Row: {
                    "created_at": string,"role": Database["public"]['Enums']["workspace_role"],"user_id": string,"workspace_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"role": Database["public"]['Enums']["workspace_role"],"user_id": string,"workspace_id": string
                  }
                  Update: {
                    "created_at"?: string,"role"?: Database["public"]['Enums']["workspace_role"],"user_id"?: string,"workspace_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "workspace_members_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "workspace_members_workspace_id_fkey"
      columns: ["workspace_id"]
isOneToOne: false
      referencedRelation: "workspaces"
      referencedColumns: ["id"]
    }
                  ]
                },"workspaces": {
                  Row: {
                    "created_at": string,"created_by": string | null,"id": string,"name": string,"slug": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"id"?: string,"name": string,"slug": string,"updated_at"?: string
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"id"?: string,"name"?: string,"slug"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "workspaces_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "accept_invitation":
{ Args: { "email": string,"token_hash": string,"user_id": string }; Returns: Json
                           },
"assert_invitation_pending":
{ Args: { "invitation": Omit<Database["public"]['Tables']["invitations"]['Row'], Database["public"]['Tables']["invitations"]['ComputedFields']> }; Returns: undefined
                           },
"assert_seat_available":
{ Args: { "pending_invitations": number,"workspace_id": string }; Returns: undefined
                           },
"attachment_path_workspace_id":
{ Args: { "object_name": string }; Returns: string
                           },
"begin_auth_attempt":
{ Args: { "account_key": string,"action": string,"address_key": string }; Returns: number
                           },
"board_channel_board_id":
{ Args: { "topic": string }; Returns: string
                           },
"board_open_task_counts":
{ Args: { "board_ids": (string)[] }; Returns: {
              "board_id": string,"open_tasks": number
            }[]
                           },
"board_workspace_id":
{ Args: { "board_id": string }; Returns: string
                           },
"can_upload_attachment":
{ Args: { "object_name": string }; Returns: boolean
                           },
"change_member_role":
{ Args: { "role": Database["public"]['Enums']["workspace_role"],"user_id": string,"workspace_id": string }; Returns: {
              "created_at": string,
"role": Database["public"]['Enums']["workspace_role"],
"user_id": string,
"workspace_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "workspace_members"
        isOneToOne: true
        isSetofReturn: false
      } },
"checklist_item_to_task":
{ Args: { "item_id": string,"new_task_id"?: string }; Returns: {
              "archived_at": string | null,
"assignee_id": string | null,
"attachment_count": number,
"board_id": string,
"checklist_done": number,
"checklist_total": number,
"column_id": string,
"comment_count": number,
"completed_at": string | null,
"cover_attachment_id": string | null,
"created_at": string,
"created_by": string | null,
"description": string,
"due_on": string | null,
"id": string,
"number": number,
"position": string,
"priority": Database["public"]['Enums']["task_priority"],
"title": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "tasks"
        isOneToOne: true
        isSetofReturn: false
      } },
"claim_attachment_file_removals":
{ Args: { "batch_size"?: number }; Returns: string[]
                           },
"claim_invitation":
{ Args: { "email": string,"token_hash": string }; Returns: {
              "accepted_by": string | null,
"created_at": string,
"email": string,
"expires_at": string,
"id": string,
"invited_by": string | null,
"responded_at": string | null,
"role": Database["public"]['Enums']["workspace_role"],
"status": Database["public"]['Enums']["invitation_status"],
"token_hash": string,
"workspace_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "invitations"
        isOneToOne: true
        isSetofReturn: false
      } },
"claim_notification_emails":
{ Args: { "at_time"?: string,"max_rows"?: number }; Returns: {
              "attempts": number,"display_name": string,"email": string,"id": number,"idempotency_key": string,"items": Json,"kind": string,"unsubscribe_scope": string,"unsubscribe_token": string
            }[]
                           },
"create_workspace":
{ Args: { "name": string,"slug": string }; Returns: {
              "created_at": string,
"created_by": string | null,
"id": string,
"name": string,
"slug": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "workspaces"
        isOneToOne: true
        isSetofReturn: false
      } },
"decline_invitation":
{ Args: { "email": string,"token_hash": string,"user_id": string }; Returns: undefined
                           },
"delete_account_check":
{ Args: { "user_id": string }; Returns: string[]
                           },
"delete_account_prepare":
{ Args: { "user_id": string }; Returns: string[]
                           },
"finish_notification_emails":
{ Args: { "results": Json }; Returns: Json
                           },
"has_board_role":
{ Args: { "board_id": string,"min_role": Database["public"]['Enums']["workspace_role"] }; Returns: boolean
                           },
"has_role_at_least":
{ Args: { "min_role": Database["public"]['Enums']["workspace_role"],"workspace_id": string }; Returns: boolean
                           },
"has_task_role":
{ Args: { "min_role": Database["public"]['Enums']["workspace_role"],"task_id": string }; Returns: boolean
                           },
"import_trello_board":
{ Args: { "board": Json,"user_id": string,"workspace_id": string }; Returns: string
                           },
"invitation_email_budget":
{ Args: { "workspace_id": string }; Returns: {
              "next_at": string,"remaining": number
            }[]
                           },
"invitation_preview":
{ Args: { "token_hash": string }; Returns: Json
                           },
"is_member":
{ Args: { "workspace_id": string }; Returns: boolean
                           },
"key_after_sibling":
{ Args: { "before_key": string,"sibling_keys": (string)[] }; Returns: string
                           },
"key_between":
{ Args: { "a": string,"b": string }; Returns: string
                           },
"leave_workspace":
{ Args: { "workspace_id": string }; Returns: undefined
                           },
"log_activity":
{ Args: { "board_id": string,"data": Json,"kind": string,"task_id": string,"workspace_id": string }; Returns: undefined
                           },
"membership_channel_workspace_id":
{ Args: { "topic": string }; Returns: string
                           },
"move_checklist_item":
{ Args: { "after_id": string,"before_id": string,"item_id": string }; Returns: {
              "body": string,
"checklist": string,
"created_at": string,
"created_by": string | null,
"done": boolean,
"id": string,
"position": string,
"task_id": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "checklist_items"
        isOneToOne: true
        isSetofReturn: false
      } },
"move_column":
{ Args: { "after_id": string,"before_id": string,"column_id": string }; Returns: {
              "board_id": string,
"created_at": string,
"id": string,
"is_done": boolean,
"name": string,
"position": string,
"wip_limit": number | null
            }
                          SetofOptions: {
        from: "*"
        to: "columns"
        isOneToOne: true
        isSetofReturn: false
      } },
"move_task":
{ Args: { "after_id": string,"before_id": string,"column_id": string,"task_id": string }; Returns: {
              "archived_at": string | null,
"assignee_id": string | null,
"attachment_count": number,
"board_id": string,
"checklist_done": number,
"checklist_total": number,
"column_id": string,
"comment_count": number,
"completed_at": string | null,
"cover_attachment_id": string | null,
"created_at": string,
"created_by": string | null,
"description": string,
"due_on": string | null,
"id": string,
"number": number,
"position": string,
"priority": Database["public"]['Enums']["task_priority"],
"title": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "tasks"
        isOneToOne: true
        isSetofReturn: false
      } },
"move_task_to_board":
{ Args: { "after_id": string,"before_id": string,"board_id": string,"column_id": string,"task_id": string }; Returns: Json
                           },
"my_board_ids":
{ Args: { "min_role": Database["public"]['Enums']["workspace_role"] }; Returns: string[]
                           },
"my_search_hits":
{ Args: { "filter_archived": boolean,"filter_assignee": string,"filter_board": string,"filter_done": boolean,"filter_label": string,"max_results": number,"tsq": unknown,"words": string,"workspace_id": string }; Returns: {
              "comment_id": string,"in_text": boolean,"in_typo": boolean,"score": number,"task_id": string
            }[]
                           },
"my_teammate_ids":
{ Args: Record<PropertyKey, never>; Returns: string[]
                           },
"my_workspace_ids":
{ Args: { "min_role": Database["public"]['Enums']["workspace_role"] }; Returns: string[]
                           },
"notify_due_tasks":
{ Args: { "at_time"?: string }; Returns: number
                           },
"pending_invitation_count":
{ Args: { "workspace_id": string }; Returns: number
                           },
"queue_digest_emails":
{ Args: { "at_time"?: string }; Returns: number
                           },
"raise_member_not_changed":
{ Args: { "user_id": string,"workspace_id": string }; Returns: undefined
                           },
"record_invitation_email":
{ Args: { "email": string,"workspace_id": string }; Returns: undefined
                           },
"remove_member":
{ Args: { "user_id": string,"workspace_id": string }; Returns: undefined
                           },
"search_workspace":
{ Args: { "filter_archived"?: boolean,"filter_assignee"?: string,"filter_board"?: string,"filter_done"?: boolean,"filter_label"?: string,"max_results"?: number,"q": string,"workspace_id": string }; Returns: {
              "board_id": string,"board_name": string,"is_archived": boolean,"is_completed": boolean,"matched_in": (string)[],"rank": number,"snippet": string,"task_id": string,"task_number": number,"title": string,"title_marked": string
            }[]
                           },
"settle_attachment_file_removals":
{ Args: { "error_message"?: string,"failed"?: (string)[],"removed"?: (string)[] }; Returns: undefined
                           },
"shares_workspace_with":
{ Args: { "user_id": string }; Returns: boolean
                           },
"sign_in_succeeded":
{ Args: { "account_key": string,"address_key": string }; Returns: undefined
                           },
"sweep_attachment_files":
{ Args: { "at_time"?: string,"in_workspace"?: string }; Returns: number
                           },
"task_board_id":
{ Args: { "task_id": string }; Returns: string
                           },
"task_count":
{ Args: { "col": Omit<Database["public"]['Tables']["columns"]['Row'], Database["public"]['Tables']["columns"]['ComputedFields']> }; Returns: number
                           },
"unsubscribe":
{ Args: { "token": string }; Returns: Json
                           },
"workspace_member_emails":
{ Args: { "workspace_id": string }; Returns: {
              "email": string,"user_id": string
            }[]
                           },
"workspace_role":
{ Args: { "workspace_id": string }; Returns: Database["public"]['Enums']["workspace_role"]
                           }
          }
          Enums: {
            "invitation_status": "pending"|"accepted"|"declined"|"revoked"|"expired","task_priority": "none"|"low"|"medium"|"high"|"urgent","workspace_role": "viewer"|"member"|"admin"|"owner"
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "graphql_public": {
          Enums: {
            
          }
        },"public": {
          Enums: {
            "invitation_status": ["pending", "accepted", "declined", "revoked", "expired"],"task_priority": ["none", "low", "medium", "high", "urgent"],"workspace_role": ["viewer", "member", "admin", "owner"]
          }
        }
} as const
