/* Routes of the workspace area. */
import router from '@adonisjs/core/services/router'

void router
